/* A PKCS#11 module, as a hardware token's driver ships one: SunPKCS11 opens it in the JDK's own
   native code (dlopen in libj2pkcs11). Opening it runs its initialiser, which writes the file the
   environment names; it exports no C_GetFunctionList, so the JDK refuses it and the program goes on. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void opened(void) {
  const char *path = getenv("P11_MARKER");
  FILE *f = path == NULL ? NULL : fopen(path, "w");
  if (f != NULL) {
    fputs("written by the PKCS#11 module\n", f);
    fclose(f);
  }
}
