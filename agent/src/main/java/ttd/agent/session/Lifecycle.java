package ttd.agent.session;

/**
 * How record and replay begin and end the program's threads and the run, the other thing beside
 * {@link Exchange} that differs between them: record opens and flushes each thread's block of
 * events, replay attaches each thread's cursor into the log and checks the end.
 */
public interface Lifecycle {

  ThreadState newThreadState(int ordinal, String name, boolean main);

  /** Starts a thread's log (record) or cursor (replay) and restores its identity-hash state. */
  void beginThread(ThreadState t);

  /** Flushes what a finished thread buffered. */
  void endThread(ThreadState t);

  /** The main thread is about to end while it still holds the baton. */
  void mainEnding(ThreadState t);

  /** The JVM is about to halt: nothing else will run. */
  void halting(ThreadState t, int status);

  /** A signal ends the program. */
  void signalled(int number);

  /**
   * The ordinal of the outside thread that begins the JVM's shutdown: record gives it the next one
   * and notes it in the recording's header, replay the one the header names; -1 if it cannot (the
   * thread then runs the shutdown unscheduled, as any thread outside the program).
   */
  int shutdownThreadOrdinal(Thread thread);

  /**
   * An ordinal no started thread gets (replay: the recording gave it to the thread that began the
   * JVM's shutdown from outside the program); -1 for none.
   */
  int reservedOrdinal();

  /** The program starts virtual threads, which the scheduler does not run: stop scheduling. */
  void virtualThreadsStarted();

  /**
   * Another process had the JVM load the Java agent {@code agentClass} with {@code options}, whose
   * {@code agentmain} has returned; on the JVM's attach listener thread, which ttd does not schedule.
   */
  void agentAttached(String agentClass, String options);

  /**
   * The JDK printed its warning about an agent loaded dynamically (JDK 21+), on the attach listener
   * thread, before the agent loads.
   */
  void agentWarned();

  /** The program's main method is called with {@code args}. */
  void mainArgs(String[] args);
}
