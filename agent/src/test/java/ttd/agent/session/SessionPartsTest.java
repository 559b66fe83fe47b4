package ttd.agent.session;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The session is a façade over parts side by side: the parts, their helpers and both modes are
 * handed what they need ({@link Exchange}, {@link Lifecycle}, {@link ProgramRun}, other parts) and
 * never the session, so none of them can call back into it.
 */
class SessionPartsTest {

  @Test
  void nothingInTheAgentButItsStartDependsOnTheSession() {
    JavaClasses agent =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("ttd.agent");
    noClasses()
        .that().resideOutsideOfPackage("ttd.agent")
        .and().doNotHaveFullyQualifiedName(Session.class.getName())
        .should().dependOnClassesThat().haveFullyQualifiedName(Session.class.getName())
        .check(agent);
  }
}
