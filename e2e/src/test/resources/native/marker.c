/* A native library of the kind programs bundle (a database engine, a codec): its code acts on the
   world past every Java hook. marker_write writes a file with the C library's stdio; Marker.touch
   is the same through JNI, for System.load, and marker_write itself is what the foreign-function
   API calls after SymbolLookup.libraryLookup. */
#include <jni.h>
#include <stdio.h>

int marker_write(const char *path) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    return -1;
  }
  fputs("written by native code\n", f);
  fclose(f);
  return 42;
}

JNIEXPORT jint JNICALL Java_Marker_touch(JNIEnv *env, jclass cls, jstring path) {
  const char *p = (*env)->GetStringUTFChars(env, path, NULL);
  int result = marker_write(p);
  (*env)->ReleaseStringUTFChars(env, path, p);
  return result;
}
