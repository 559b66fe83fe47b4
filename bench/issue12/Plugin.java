public class Plugin { public String toString() { return "hello " + System.nanoTime() % 7; } }
