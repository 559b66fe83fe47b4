package ttd.compat.jgit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;

/** A git repository made with JGit in a temp dir: commits by a person (with the current time), a branch, log and diff. */
public class CommitAndLog {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("jgit");
    Random random = new Random();
    try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
      for (int i = 0; i < 4; i++) {
        Files.writeString(dir.resolve("notes.txt"), "note " + i + " " + random.nextInt(1000) + "\n",
            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(dir.resolve("file" + i + ".txt"), Long.toHexString(random.nextLong()));
        git.add().addFilepattern(".").call();
        RevCommit c = git.commit().setMessage("change " + i).setAuthor("Ada", "ada@example.org")
            .setCommitter("Ada", "ada@example.org").call();
        System.out.println("commit " + c.getId().abbreviate(10).name() + " " + c.getShortMessage());
      }
      git.branchCreate().setName("feature").call();
      git.checkout().setName("feature").call();
      Files.delete(dir.resolve("file0.txt"));
      git.rm().addFilepattern("file0.txt").call();
      RevCommit head = git.commit().setMessage("drop file0").setAuthor("Bob", "bob@example.org").call();
      for (RevCommit c : git.log().call()) {
        System.out.println("log " + c.getName().substring(0, 10) + " " + c.getAuthorIdent().getName() + " "
            + c.getCommitTime() + " " + c.getFullMessage().trim());
      }
      try (ObjectReader reader = git.getRepository().newObjectReader()) {
        CanonicalTreeParser oldTree = new CanonicalTreeParser();
        ObjectId mainTree = git.getRepository().resolve("main^{tree}");
        oldTree.reset(reader, mainTree);
        CanonicalTreeParser newTree = new CanonicalTreeParser();
        newTree.reset(reader, head.getTree());
        for (DiffEntry d : git.diff().setOldTree(oldTree).setNewTree(newTree).call()) {
          System.out.println("diff " + d.getChangeType() + " " + d.getOldPath());
        }
      }
      System.out.println("branches " + git.branchList().call().stream().map(r -> r.getName()).toList());
      System.out.println("status clean " + git.status().call().isClean());
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
