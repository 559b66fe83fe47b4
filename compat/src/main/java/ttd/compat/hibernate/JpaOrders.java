package ttd.compat.hibernate;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.hibernate.Hibernate;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;

/** Hibernate ORM 6 on an in-memory H2: entities, lazy proxies, batch inserts, HQL and an optimistic-lock clash. */
public class JpaOrders {

  /** A customer, loaded lazily from its orders (a Hibernate proxy). */
  @Entity(name = "Customer")
  public static class Customer {
    @Id @GeneratedValue Long id;
    String name;
    @Version int version;
    @OneToMany(mappedBy = "customer", cascade = CascadeType.ALL) List<Order> orders = new ArrayList<>();
  }

  /** An order of a customer. */
  @Entity(name = "PurchaseOrder")
  public static class Order {
    @Id @GeneratedValue Long id;
    @ManyToOne(fetch = FetchType.LAZY) Customer customer;
    String ref;
    double amount;
    Instant placed;
  }

  public static void main(String[] args) {
    SessionFactory sf = new Configuration()
        .setProperty("hibernate.connection.url", "jdbc:h2:mem:shop;DB_CLOSE_DELAY=-1")
        .setProperty("hibernate.hbm2ddl.auto", "create")
        .setProperty("hibernate.jdbc.batch_size", "50")
        .setProperty("hibernate.show_sql", "false")
        .addAnnotatedClass(Customer.class).addAnnotatedClass(Order.class)
        .buildSessionFactory();
    Random random = new Random();
    sf.inTransaction(s -> {
      for (int c = 0; c < 40; c++) {
        Customer cu = new Customer();
        cu.name = "c" + random.nextInt(1000);
        for (int o = 0; o < 50; o++) {
          Order or = new Order();
          or.customer = cu;
          or.ref = UUID.randomUUID().toString().substring(0, 6);
          or.amount = random.nextInt(10_000) / 100.0;
          or.placed = Instant.now();
          cu.orders.add(or);
        }
        s.persist(cu);
      }
    });
    sf.inSession(s -> {
      Order first = s.createQuery("from PurchaseOrder order by amount desc", Order.class).setMaxResults(1).getSingleResult();
      System.out.println("proxy before " + Hibernate.isInitialized(first.customer) + " " + first.customer.getClass().getSimpleName().contains("$"));
      System.out.println("top " + first.ref + " " + first.amount + " by " + first.customer.name + ", proxy after " + Hibernate.isInitialized(first.customer));
      List<Object[]> rows = s.createQuery("select o.customer.name, sum(o.amount), count(o) from PurchaseOrder o group by o.customer.name order by 2 desc", Object[].class)
          .setMaxResults(3).getResultList();
      for (Object[] r : rows) System.out.printf("%s %.2f %d%n", r);
    });
    Customer a = sf.fromSession(s -> s.find(Customer.class, 1L));
    Customer b = sf.fromSession(s -> s.find(Customer.class, 1L));
    sf.inTransaction(s -> { a.name = "first"; s.merge(a); });
    try {
      sf.inTransaction(s -> { b.name = "second"; s.merge(b); });
      System.out.println("no clash");
    } catch (OptimisticLockException e) {
      System.out.println("clash " + e.getClass().getSimpleName());
    }
    System.out.println("stats at " + System.currentTimeMillis() % 100_000);
    sf.close();
  }
}
