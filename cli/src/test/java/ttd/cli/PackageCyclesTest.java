package ttd.cli;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The packages of the ttd command line and its launchers form layers: each package may use the
 * ones below it and none above, so each can be read, tested and changed from the bottom up (issue
 * 18).
 */
class PackageCyclesTest {

  @Test
  void noPackageDependsOnItselfThroughOthers() {
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("ttd.cli");
    // one slice per package, the module's root package included
    slices().matching("ttd.(**)").should().beFreeOfCycles().check(classes);
  }
}
