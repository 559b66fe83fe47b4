package ttd.samples.time;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A login service's session cache: tokens live for a fixed time-to-live and every follow-up
 * request looks its token up again. Sessions record their issue time in whole epoch seconds,
 * like the {@code iat} claim of a JWT.
 *
 * <p>Bug: the expiry check compares truncated epoch seconds ({@code nowSecond - issuedAtSecond
 * >= ttl}). A session issued late in a second (say at hh:mm:07.700) is already "expired" when the
 * clock ticks over to hh:mm:08.000, only 300 ms later, although its TTL is a whole second. Whether
 * a run fails depends on the millisecond of the wall clock at login: a fresh session is rejected
 * and the request handler throws {@link IllegalStateException}.
 */
public final class ExpiringCache {

    private ExpiringCache() {
    }

    /** One logged-in user's session. */
    static final class Session {
        final String user;
        final String token;
        final long issuedAtSecond;
        int requests;

        Session(String user, String token, long issuedAtSecond) {
            this.user = user;
            this.token = token;
            this.issuedAtSecond = issuedAtSecond;
        }
    }

    /** Token -> session, with a TTL in seconds. */
    static final class SessionCache {
        private final Map<String, Session> byToken = new LinkedHashMap<>();
        private final long ttlSeconds;
        private int issued;

        SessionCache(long ttlSeconds) {
            this.ttlSeconds = ttlSeconds;
        }

        String login(String user) {
            long issuedAt = Instant.now().getEpochSecond();
            issued++;
            String token = user + "-" + Long.toHexString(issuedAt) + "-" + issued;
            byToken.put(token, new Session(user, token, issuedAt));
            return token;
        }

        /** The live session for a token, or null when it is unknown or has expired. */
        Session lookup(String token) {
            Session session = byToken.get(token);
            if (session == null) {
                return null;
            }
            long nowSecond = Instant.now().getEpochSecond();
            if (nowSecond - session.issuedAtSecond >= ttlSeconds) {
                byToken.remove(token);
                return null;
            }
            session.requests++;
            return session;
        }

        int size() {
            return byToken.size();
        }
    }

    /** Serves one follow-up request: the session must still be valid within its TTL. */
    private static void handleRequest(SessionCache cache, String token, String user, long loginMillis,
            long ttlMillis) {
        Session session = cache.lookup(token);
        long age = System.currentTimeMillis() - loginMillis;
        if (session == null && age < ttlMillis) {
            throw new IllegalStateException("session of " + user + " rejected as expired " + age
                    + " ms after login (TTL is " + ttlMillis + " ms)");
        }
        System.out.println("request for " + user + ": session valid, age " + age + " ms, requests "
                + (session == null ? 0 : session.requests));
    }

    public static void main(String[] args) throws InterruptedException {
        long ttlSeconds = 1;
        long ttlMillis = ttlSeconds * 1000;
        SessionCache cache = new SessionCache(ttlSeconds);
        System.out.println("session cache with TTL " + ttlMillis + " ms");

        long loginMillis = System.currentTimeMillis();
        String alice = cache.login("alice");
        String bob = cache.login("bob");
        System.out.println("logged in alice and bob; " + cache.size() + " live sessions");

        Thread.sleep(150);
        handleRequest(cache, alice, "alice", loginMillis, ttlMillis);
        handleRequest(cache, bob, "bob", loginMillis, ttlMillis);

        Thread.sleep(300);
        handleRequest(cache, alice, "alice", loginMillis, ttlMillis);
        handleRequest(cache, bob, "bob", loginMillis, ttlMillis);

        System.out.println("all follow-up requests served; " + cache.size() + " live sessions");
        System.out.println("EXIT-SUCCESS");
    }
}
