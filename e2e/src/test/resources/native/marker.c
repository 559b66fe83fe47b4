/* A native library of the kind programs bundle (a database engine, a codec): its code acts on the
   world past every Java hook. marker_write writes a file with the C library's stdio; Marker.touch
   is the same through JNI, for System.load, and marker_write itself is what the foreign-function
   API calls after SymbolLookup.libraryLookup. Awaiter.await waits in native code, as an event
   loop's epoll_wait does, until a file another thread makes exists (1) or the time is up (0). */
#include <jni.h>
#include <stdio.h>
#include <unistd.h>

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

JNIEXPORT jint JNICALL Java_Awaiter_await(JNIEnv *env, jclass cls, jstring path, jint seconds) {
  const char *p = (*env)->GetStringUTFChars(env, path, NULL);
  int seen = 0;
  for (int i = 0; i < seconds * 100 && !seen; i++) {
    seen = access(p, F_OK) == 0;
    if (!seen) {
      usleep(10000);
    }
  }
  (*env)->ReleaseStringUTFChars(env, path, p);
  return seen;
}
