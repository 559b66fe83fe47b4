import java.util.*;
public class Uuids {
  public static void main(String[] a) {
    long h = 0;
    for (int i = 0; i < 3000; i++) h = h * 31 + UUID.randomUUID().hashCode();
    System.out.println("uuids " + h);
  }
}
