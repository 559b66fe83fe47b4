package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RedactionTest {

  private final Redaction defaults = Redaction.of(null, true);

  @Test
  void redactsNamesThatHoldSecretsByDefault() {
    for (String name : new String[] {
        "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "PGPASSWORD", "SECRET_KEY_BASE", "db.password",
        "apiKey", "API_KEY", "javax.net.ssl.keyStorePassword", "client_secrets", "npm_token", "DB_PASSWD"}) {
      assertTrue(defaults.redacts(name), name);
    }
  }

  @Test
  void leavesLookAlikesThatAreNotSecretsAlone() {
    for (String name : new String[] {
        "KEYBOARD", "MONKEY", "MAX_KEY_LENGTH", "AWS_ACCESS_KEY_ID", "javax.net.ssl.keyStore",
        "TOKENIZER_PATH", "PWD", "OLDPWD", "PASSWORD_FILE", "TOKEN_URL", "SECRETARY", "HOME", "user.name"}) {
      assertFalse(defaults.redacts(name), name);
    }
  }

  @Test
  void addsNamesAndPatternsAndCanDropTheDefaults() {
    Redaction listed = Redaction.of("DB_URL:corp.*", false);
    assertTrue(listed.redacts("db_url"));
    assertTrue(listed.redacts("corp.ldap.bind"));
    assertFalse(listed.redacts("GITHUB_TOKEN"), "no default words");
    assertTrue(Redaction.of("DB_URL", true).redacts("GITHUB_TOKEN"));
  }

  @Test
  void recordsTheMaskForRedactedValuesAndNotesTheNamesOfVariables() {
    assertEquals(Redaction.MASK, defaults.env("GITHUB_TOKEN", "ghp_123"));
    assertNull(defaults.env("NPM_TOKEN", null), "an absent variable stays absent");
    assertEquals("/home/x", defaults.env("HOME", "/home/x"));
    Map<String, String> recorded = defaults.env(Map.of("AWS_SECRET_ACCESS_KEY", "abc", "LANG", "C"));
    assertEquals(Map.of("AWS_SECRET_ACCESS_KEY", Redaction.MASK, "LANG", "C"), recorded);
    assertEquals(Set.of("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN"), defaults.redactedEnv());
  }

  @Test
  void keepsTheEnvironmentsOwnOrder() {
    Map<String, String> all = new java.util.LinkedHashMap<>();
    all.put("PATH", "/bin");
    all.put("GITHUB_TOKEN", "ghp_1");
    all.put("HOME", "/home/x");
    assertEquals("[PATH, GITHUB_TOKEN, HOME]", defaults.env(all).keySet().toString());
  }

  @Test
  void masksTheValueOfARedactedPropertyInTheJvmOptions() {
    assertEquals("-Ddb.password=" + Redaction.MASK, defaults.jvmOption("-Ddb.password=hunter2"));
    assertEquals("-Dport=80", defaults.jvmOption("-Dport=80"));
    assertEquals("-Xmx64m", defaults.jvmOption("-Xmx64m"));
    assertEquals(Redaction.MASK, defaults.property("db.password", "hunter2"));
  }
}
