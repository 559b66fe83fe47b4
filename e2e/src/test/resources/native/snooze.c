/* A native method that sleeps outside every hook: a JNI call ttd cannot see block (e2e SignalEndTest). */
#include <jni.h>
#include <unistd.h>

JNIEXPORT void JNICALL Java_Snoozer_snooze(JNIEnv *env, jclass cls, jint millis) {
  usleep((useconds_t) millis * 1000);
}
