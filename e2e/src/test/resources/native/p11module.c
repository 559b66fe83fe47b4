/* A PKCS#11 module, as a hardware token's driver ships one: SunPKCS11 opens it in the JDK's own
   native code (dlopen in libj2pkcs11) and calls C_GetFunctionList, which here writes the file the
   environment names and fails, so the provider's configuration fails and the program goes on. */
#include <stdio.h>
#include <stdlib.h>

unsigned long C_GetFunctionList(void **list) {
  const char *path = getenv("P11_MARKER");
  FILE *f = path == NULL ? NULL : fopen(path, "w");
  if (f != NULL) {
    fputs("written by the PKCS#11 module\n", f);
    fclose(f);
  }
  return 5; /* CKR_GENERAL_ERROR */
}
