package ttd.agent.value;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;

/**
 * The machine's network interfaces as an input: what {@code NetworkInterface}'s natives built
 * (names, indexes, addresses with their scopes, prefix lengths and broadcast addresses, parents
 * and sub-interfaces). Libraries read them for identity (Netty's channel ids and Hazelcast's
 * member addresses take a MAC address) and to pick an address to bind or advertise; a replay on
 * another machine, or one where an interface went down, would see others, and asking by name for
 * one that is not there fails.
 *
 * <p>The text form lists every interface reachable from the result once, one line each, followed
 * by its addresses and bindings; the first line says which of them the result is. The interfaces
 * are built anew from it through the fields the natives fill, in a recording as in its replay.
 */
public final class NetworkInterfaces {

  private static final HexFormat HEX = HexFormat.of();

  private NetworkInterfaces() {}

  /**
   * The constructors and fields the natives fill, found when the first recorded value is built (in
   * a recording as in its replay), so that a JDK that renamed one fails that call, not the agent.
   */
  private static final class Handles {
    static final MethodHandle NEW_INTERFACE;
    static final MethodHandle NEW_BINDING;
    static final VarHandle DISPLAY_NAME;
    static final VarHandle ADDRESSES;
    static final VarHandle BINDINGS;
    static final VarHandle CHILDREN;
    static final VarHandle PARENT;
    static final VarHandle VIRTUAL;
    static final VarHandle BINDING_ADDRESS;
    static final VarHandle BROADCAST;
    static final VarHandle PREFIX;
    static final VarHandle HOLDER6;
    static final VarHandle SCOPE_INTERFACE;
    static final VarHandle SCOPE_INTERFACE_SET;

    static {
      try {
        MethodHandles.Lookup nif = MethodHandles.privateLookupIn(NetworkInterface.class, MethodHandles.lookup());
        NEW_INTERFACE = nif.findConstructor(NetworkInterface.class,
            MethodType.methodType(void.class, String.class, int.class, InetAddress[].class));
        DISPLAY_NAME = nif.findVarHandle(NetworkInterface.class, "displayName", String.class);
        ADDRESSES = nif.findVarHandle(NetworkInterface.class, "addrs", InetAddress[].class);
        BINDINGS = nif.findVarHandle(NetworkInterface.class, "bindings", InterfaceAddress[].class);
        CHILDREN = nif.findVarHandle(NetworkInterface.class, "childs", NetworkInterface[].class);
        PARENT = nif.findVarHandle(NetworkInterface.class, "parent", NetworkInterface.class);
        VIRTUAL = nif.findVarHandle(NetworkInterface.class, "virtual", boolean.class);
        MethodHandles.Lookup binding = MethodHandles.privateLookupIn(InterfaceAddress.class, MethodHandles.lookup());
        NEW_BINDING = binding.findConstructor(InterfaceAddress.class, MethodType.methodType(void.class));
        BINDING_ADDRESS = binding.findVarHandle(InterfaceAddress.class, "address", InetAddress.class);
        BROADCAST = binding.findVarHandle(InterfaceAddress.class, "broadcast", Inet4Address.class);
        PREFIX = binding.findVarHandle(InterfaceAddress.class, "maskLength", short.class);
        MethodHandles.Lookup v6 = MethodHandles.privateLookupIn(Inet6Address.class, MethodHandles.lookup());
        Class<?> holder = Class.forName("java.net.Inet6Address$Inet6AddressHolder", false, null);
        HOLDER6 = v6.findVarHandle(Inet6Address.class, "holder6", holder);
        SCOPE_INTERFACE = v6.findVarHandle(holder, "scope_ifname", NetworkInterface.class);
        SCOPE_INTERFACE_SET = v6.findVarHandle(holder, "scope_ifname_set", boolean.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  /** {@code NetworkInterface.getAll()}: every interface the machine has (null entries never occur). */
  public static final ValueCodec<NetworkInterface[]> ALL = new ValueCodec<>() {
    @Override
    public String encode(NetworkInterface[] all) {
      return NetworkInterfaces.encode(all);
    }

    @Override
    public NetworkInterface[] decode(String text) {
      return NetworkInterfaces.decode(text);
    }
  };

  /** One interface found by name, index or address (a null result logs no text). */
  public static final ValueCodec<NetworkInterface> ONE = new ValueCodec<>() {
    @Override
    public String encode(NetworkInterface one) {
      return NetworkInterfaces.encode(new NetworkInterface[] {one});
    }

    @Override
    public NetworkInterface decode(String text) {
      return NetworkInterfaces.decode(text)[0];
    }
  };

  static String encode(NetworkInterface[] result) {
    List<NetworkInterface> known = new ArrayList<>();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < result.length; i++) {
      b.append(i == 0 ? "" : " ").append(indexOf(known, result[i]));
    }
    // the list grows while it is written: sub-interfaces, parents and scopes add theirs
    for (int i = 0; i < known.size(); i++) {
      NetworkInterface n = known.get(i);
      b.append("\nif\t").append(escape(n.getName())).append('\t').append(escape(n.getDisplayName()))
          .append('\t').append(n.getIndex()).append('\t').append(n.isVirtual())
          .append('\t').append(n.getParent() == null ? -1 : indexOf(known, n.getParent())).append('\t');
      List<NetworkInterface> children = Collections.list(n.getSubInterfaces());
      for (int c = 0; c < children.size(); c++) {
        b.append(c == 0 ? "" : ",").append(indexOf(known, children.get(c)));
      }
      for (InetAddress a : Collections.list(n.getInetAddresses())) {
        b.append("\naddr\t").append(address(a, known));
      }
      for (InterfaceAddress ia : n.getInterfaceAddresses()) {
        b.append("\nbind\t").append(ia.getAddress() == null ? "-" : address(ia.getAddress(), known))
            .append('\t').append(ia.getBroadcast() == null ? "-" : HEX.formatHex(ia.getBroadcast().getAddress()))
            .append('\t').append(ia.getNetworkPrefixLength());
      }
    }
    return b.toString();
  }

  /** An address's bytes, then for an IPv6 one its scope id and the interface it is scoped to. */
  private static String address(InetAddress a, List<NetworkInterface> known) {
    String hex = HEX.formatHex(a.getAddress());
    if (!(a instanceof Inet6Address)) {
      return hex;
    }
    Inet6Address v6 = (Inet6Address) a;
    NetworkInterface scoped = v6.getScopedInterface();
    return hex + "%" + v6.getScopeId() + "%" + (scoped == null ? -1 : indexOf(known, scoped));
  }

  /** Where {@code n} is in {@code known}, added at the end if it is not: by identity, drawing no hash. */
  private static int indexOf(List<NetworkInterface> known, NetworkInterface n) {
    for (int i = 0; i < known.size(); i++) {
      if (known.get(i) == n) {
        return i;
      }
    }
    known.add(n);
    return known.size() - 1;
  }

  static NetworkInterface[] decode(String text) {
    String[] lines = text.split("\n", -1);
    List<NetworkInterface> built = new ArrayList<>();
    for (String line : lines) {
      if (line.startsWith("if\t")) {
        String[] f = line.split("\t", -1);
        built.add(newInterface(unescape(f[1]), Integer.parseInt(f[3])));
      }
    }
    NetworkInterface current = null;
    List<InetAddress> addresses = new ArrayList<>();
    List<InterfaceAddress> bindings = new ArrayList<>();
    int next = 0;
    for (int l = 1; l <= lines.length; l++) {
      String[] f = l < lines.length ? lines[l].split("\t", -1) : new String[] {"if"};
      if (f[0].equals("if")) {
        if (current != null) {
          Handles.ADDRESSES.set(current, addresses.toArray(new InetAddress[0]));
          Handles.BINDINGS.set(current, bindings.toArray(new InterfaceAddress[0]));
        }
        if (l == lines.length) {
          break;
        }
        current = built.get(next++);
        addresses.clear();
        bindings.clear();
        Handles.DISPLAY_NAME.set(current, unescape(f[2]));
        Handles.VIRTUAL.set(current, Boolean.parseBoolean(f[4]));
        int parent = Integer.parseInt(f[5]);
        Handles.PARENT.set(current, parent < 0 ? null : built.get(parent));
        List<NetworkInterface> children = new ArrayList<>();
        for (String c : f[6].isEmpty() ? new String[0] : f[6].split(",")) {
          children.add(built.get(Integer.parseInt(c)));
        }
        Handles.CHILDREN.set(current, children.toArray(new NetworkInterface[0]));
      } else if (f[0].equals("addr")) {
        addresses.add(address(f[1], built));
      } else {
        InterfaceAddress binding = newBinding();
        Handles.BINDING_ADDRESS.set(binding, f[1].equals("-") ? null : address(f[1], built));
        Handles.BROADCAST.set(binding, f[2].equals("-") ? null : (Inet4Address) address(f[2], built));
        Handles.PREFIX.set(binding, Short.parseShort(f[3]));
        bindings.add(binding);
      }
    }
    String[] result = lines[0].isEmpty() ? new String[0] : lines[0].split(" ");
    NetworkInterface[] out = new NetworkInterface[result.length];
    for (int i = 0; i < result.length; i++) {
      out[i] = built.get(Integer.parseInt(result[i]));
    }
    return out;
  }

  private static InetAddress address(String text, List<NetworkInterface> built) {
    String[] parts = text.split("%", -1);
    try {
      byte[] bytes = HEX.parseHex(parts[0]);
      if (parts.length == 1) {
        return InetAddress.getByAddress(null, bytes);
      }
      int scopeId = Integer.parseInt(parts[1]);
      int scoped = Integer.parseInt(parts[2]);
      if (scopeId == 0 && scoped < 0) {
        return InetAddress.getByAddress(null, bytes); // as the natives leave an address without a scope
      }
      Inet6Address v6 = Inet6Address.getByAddress(null, bytes, scopeId);
      if (scoped >= 0) {
        Object holder = Handles.HOLDER6.get(v6);
        Handles.SCOPE_INTERFACE.set(holder, built.get(scoped));
        Handles.SCOPE_INTERFACE_SET.set(holder, true);
      }
      return v6;
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("a recorded network address has " + parts[0].length() / 2 + " bytes", e);
    }
  }

  private static NetworkInterface newInterface(String name, int index) {
    try {
      return (NetworkInterface) Handles.NEW_INTERFACE.invoke(name, index, (InetAddress[]) null);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  private static InterfaceAddress newBinding() {
    try {
      return (InterfaceAddress) Handles.NEW_BINDING.invoke();
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  private static String escape(String s) {
    return s == null ? "\\0" : s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
  }

  private static String unescape(String s) {
    if (s.equals("\\0")) {
      return null;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        b.append(n == 't' ? '\t' : n == 'n' ? '\n' : n);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
