package ttd.debug.code;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Myers' O(ND) difference of two sequences, as far as {@link ProgramBci} needs it: which element of
 * the first each element of the second is matched with, along a longest common subsequence.
 */
final class Diff {

  private Diff() {}

  /**
   * For each element of {@code b}, the index of the element of {@code a} it is matched with, or
   * -1; null if the sequences differ in more than {@code maxEdits} insertions and deletions.
   */
  static int[] match(List<String> a, List<String> b, int maxEdits) {
    int n = a.size();
    int m = b.size();
    int max = Math.min(n + m, maxEdits);
    int offset = max + 1;
    int[] v = new int[2 * max + 3];
    List<int[]> trace = new ArrayList<>();
    for (int d = 0; d <= max; d++) {
      trace.add(Arrays.copyOfRange(v, offset - d - 1, offset + d + 2));
      for (int k = -d; k <= d; k += 2) {
        int x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
        int y = x - k;
        while (x < n && y < m && a.get(x).equals(b.get(y))) {
          x++;
          y++;
        }
        v[offset + k] = x;
        if (x >= n && y >= m) {
          return backtrack(trace, n, m, d);
        }
      }
    }
    return null;
  }

  private static int[] backtrack(List<int[]> trace, int n, int m, int edits) {
    int[] matched = new int[m];
    Arrays.fill(matched, -1);
    int x = n;
    int y = m;
    for (int d = edits; d > 0; d--) {
      int[] v = trace.get(d); // the furthest points after d - 1 edits, for diagonals -d-1 .. d+1
      int k = x - y;
      boolean down = k == -d || (k != d && at(v, d, k - 1) < at(v, d, k + 1));
      int prevK = down ? k + 1 : k - 1;
      int prevX = at(v, d, prevK);
      int prevY = prevX - prevK;
      while (x > prevX + (down ? 0 : 1) && y > prevY + (down ? 1 : 0)) {
        matched[--y] = --x;
      }
      x = prevX;
      y = prevY;
    }
    while (x > 0 && y > 0) {
      matched[--y] = --x;
    }
    return matched;
  }

  private static int at(int[] v, int d, int k) {
    return v[k + d + 1];
  }
}
