package ttd.compat.quartz;

import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.quartz.CronScheduleBuilder;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;

/** A Quartz scheduler (RAM job store) with a repeating simple trigger and a cron trigger every second. */
public class CronJobs {
  static final ConcurrentLinkedQueue<String> RUNS = new ConcurrentLinkedQueue<>();
  static final CountDownLatch DONE = new CountDownLatch(8);

  public static class ReportJob implements Job {
    @Override
    public void execute(JobExecutionContext context) {
      RUNS.add(context.getJobDetail().getKey().getName() + " fired " + context.getFireTime().getTime() % 100_000
          + " count " + context.getMergedJobDataMap().getString("tenant") + " on "
          + Thread.currentThread().getName().replaceAll("_Worker-\\d+", "_Worker-N"));
      DONE.countDown();
    }
  }

  public static void main(String[] args) throws Exception {
    Properties props = new Properties();
    props.setProperty("org.quartz.scheduler.instanceName", "compat");
    props.setProperty("org.quartz.threadPool.threadCount", "2");
    props.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
    props.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
    Scheduler scheduler = new StdSchedulerFactory(props).getScheduler();
    JobDetail report = JobBuilder.newJob(ReportJob.class).withIdentity("report").usingJobData("tenant", "acme").build();
    Trigger fast = TriggerBuilder.newTrigger().withIdentity("fast").startNow()
        .withSchedule(SimpleScheduleBuilder.simpleSchedule().withIntervalInMilliseconds(100).withRepeatCount(5)).build();
    JobDetail cron = JobBuilder.newJob(ReportJob.class).withIdentity("cron").usingJobData("tenant", "globex").build();
    Trigger everySecond = TriggerBuilder.newTrigger().withIdentity("every-second")
        .withSchedule(CronScheduleBuilder.cronSchedule("* * * * * ?")).build();
    scheduler.scheduleJob(report, fast);
    scheduler.scheduleJob(cron, everySecond);
    scheduler.start();
    System.out.println("all fired " + DONE.await(20, TimeUnit.SECONDS));
    scheduler.shutdown(true);
    System.out.println("runs " + RUNS.size());
    RUNS.forEach(System.out::println);
  }
}
