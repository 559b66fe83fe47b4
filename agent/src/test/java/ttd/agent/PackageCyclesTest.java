package ttd.agent;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The agent's packages depend on each other one way only: a package that uses another is not used
 * by it, directly or through a third. A cycle makes neither package understandable on its own.
 */
class PackageCyclesTest {

  /** Each package directly under {@code ttd.agent} (with what is under it) is one slice, the root package another. */
  private static final SliceAssignment AGENT_PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
          String p = c.getPackageName();
          if (p.equals("ttd.agent")) {
            return SliceIdentifier.of("ttd.agent");
          }
          if (!p.startsWith("ttd.agent.") || p.startsWith("ttd.agent.shaded.")) {
            return SliceIdentifier.ignore();
          }
          int end = p.indexOf('.', "ttd.agent.".length());
          return SliceIdentifier.of(end < 0 ? p : p.substring(0, end));
        }

        @Override
        public String getDescription() {
          return "the packages under ttd.agent";
        }
      };

  @Test
  void packagesUnderTtdAgentDependOnEachOtherOneWayOnly() {
    JavaClasses agent =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("ttd.agent");
    slices().assignedFrom(AGENT_PACKAGES).should().beFreeOfCycles().check(agent);
  }
}
