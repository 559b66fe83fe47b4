package ttd.compat.okhttp;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/** OkHttp against MockWebServer, as in a client library's tests: queued answers, sync and async calls. */
public class MockServerCalls {
  public static void main(String[] args) throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      for (int i = 0; i < 6; i++) {
        server.enqueue(new MockResponse().setBody("{\"n\":" + i + ",\"at\":" + System.currentTimeMillis() % 100_000 + "}")
            .setHeader("X-Served", Long.toHexString(Double.doubleToLongBits(Math.random()))));
      }
      server.enqueue(new MockResponse().setResponseCode(503).setBody("busy"));
      server.start();
      OkHttpClient client = new OkHttpClient.Builder().connectTimeout(5, TimeUnit.SECONDS).build();
      for (int i = 0; i < 3; i++) {
        Request request = new Request.Builder().url(server.url("/v1/items/" + i)).header("X-Call", "sync-" + i).build();
        try (Response response = client.newCall(request).execute()) {
          System.out.println(response.code() + " " + response.header("X-Served") + " " + response.body().string());
        }
      }
      CountDownLatch latch = new CountDownLatch(4);
      for (int i = 0; i < 4; i++) {
        Request post = new Request.Builder().url(server.url("/v1/events"))
            .post(RequestBody.create("{\"e\":" + i + "}", MediaType.get("application/json"))).build();
        client.newCall(post).enqueue(new Callback() {
          @Override
          public void onResponse(Call call, Response response) throws java.io.IOException {
            try (response) {
              System.out.println("async " + response.code() + " " + response.body().string());
            }
            latch.countDown();
          }

          @Override
          public void onFailure(Call call, java.io.IOException e) {
            System.out.println("failed " + e);
            latch.countDown();
          }
        });
      }
      System.out.println("all answered " + latch.await(30, TimeUnit.SECONDS));
      for (int i = 0; i < 7; i++) {
        RecordedRequest recorded = server.takeRequest(5, TimeUnit.SECONDS);
        if (recorded != null) {
          System.out.println("server saw " + recorded.getMethod() + " " + recorded.getPath() + " "
              + recorded.getBody().readUtf8() + " " + recorded.getHeader("X-Call"));
        }
      }
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }
}
