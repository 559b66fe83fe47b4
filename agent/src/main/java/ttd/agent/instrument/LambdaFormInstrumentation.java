package ttd.agent.instrument;

import java.util.List;
import org.objectweb.asm.MethodVisitor;

/**
 * Where the JDK makes the code behind method handles: {@code LambdaFormEditor}'s forms (a handle
 * adapted, bound, filtered) and {@code LambdaForm.compileToBytecode}. Each such method runs
 * between {@code Hooks.onLambdaFormMaking} and {@code Hooks.onLambdaFormMade}, also when it throws.
 *
 * <p>The JDK keeps every form it made for later handles of the same shape, so a form is made by
 * whichever thread first needs its shape, and ttd's own code needs some shapes in one mode only.
 * That work is the JDK's, but not invisible to the schedule: where a Java agent of the program put
 * calls into the program's code inside the JDK's collections (Mockito's inline mocks, once a test
 * spies on an {@code ArrayList}), the forms the JDK makes on a program thread tick. The hooks run
 * it as agent work, so a replay that makes a form the recording found made stays on its path.
 */
final class LambdaFormInstrumentation implements TypeInstrumentation {

  static final String EDITOR = "java/lang/invoke/LambdaFormEditor";
  static final String FORM = "java/lang/invoke/LambdaForm";
  static final String MAKING = "onLambdaFormMaking";
  static final String MADE = "onLambdaFormMade";
  static final String HOOK_DESC = "()V";

  private static final String BASIC = "Ljava/lang/invoke/LambdaForm$BasicType;";
  private static final String MT = "Ljava/lang/invoke/MethodType;";
  private static final String LF = "Ljava/lang/invoke/LambdaForm;";

  /** The editor's methods that return a form, made or found made (the same on JDK 17 and 25). */
  static final List<String[]> EDITOR_METHODS = List.of(
      new String[] {"bindArgumentForm", "(I)" + LF},
      new String[] {"addArgumentForm", "(I" + BASIC + ")" + LF},
      new String[] {"dupArgumentForm", "(II)" + LF},
      new String[] {"spreadArgumentsForm", "(ILjava/lang/Class;I)" + LF},
      new String[] {"collectArgumentsForm", "(I" + MT + ")" + LF},
      new String[] {"filterArgumentForm", "(I" + BASIC + ")" + LF},
      new String[] {"filterRepeatedArgumentForm", "(" + BASIC + "[I)" + LF},
      new String[] {"filterReturnForm", "(" + BASIC + "Z)" + LF},
      new String[] {"collectReturnValueForm", "(" + MT + ")" + LF},
      new String[] {"foldArgumentsForm", "(IZ" + MT + ")" + LF},
      new String[] {"foldArgumentsForm", "(IZ" + MT + "[I)" + LF},
      new String[] {"filterArgumentsForm", "(I" + MT + "[I)" + LF},
      new String[] {"permuteArgumentsForm", "(I[I)" + LF},
      new String[] {"noteLoopLocalTypesForm", "(I[" + BASIC + ")" + LF});

  /** The form's own method that compiles it to a class. */
  static final List<String[]> FORM_METHODS = List.<String[]>of(new String[] {"compileToBytecode", "()V"});

  private final String type;
  private final List<String[]> methods;

  LambdaFormInstrumentation(String type, List<String[]> methods) {
    this.type = type;
    this.methods = methods;
  }

  @Override
  public String typeName() {
    return type;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!wraps(name, desc)) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.bracketed(mv, m -> HookCalls.call(m, MAKING, HOOK_DESC), MADE);
  }

  private boolean wraps(String name, String desc) {
    for (String[] m : methods) {
      if (m[0].equals(name) && m[1].equals(desc)) {
        return true;
      }
    }
    return false;
  }
}
