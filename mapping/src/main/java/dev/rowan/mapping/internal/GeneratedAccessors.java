package dev.rowan.mapping.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.member.FieldAccess;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * Generates an {@link EntityAccessor} with Byte Buddy and defines it as a hidden class in the
 * entity's nest, so that it may read and write the entity's private fields directly.
 *
 * <p>The generated {@code read} is {@code values[i] = box(entity.field_i)} for each field, and
 * {@code create} is {@code new Record((T0) unbox(values[0]), ...)} for a record or {@code e = new
 * Entity(); e.field_i = (Ti) unbox(values[i]); ...} for a class.
 */
final class GeneratedAccessors {

  private GeneratedAccessors() {}

  static EntityAccessor define(MethodHandles.Lookup lookup, Class<?> type, List<Field> fields) {
    byte[] bytes =
        new ByteBuddy(ClassFileVersion.JAVA_V17)
            .subclass(Object.class)
            .implement(EntityAccessor.class)
            .name(type.getName() + "$$RowanAccessor")
            .method(ElementMatchers.named("read"))
            .intercept(new Implementation.Simple(readAppender(type, fields)))
            .method(ElementMatchers.named("create"))
            .intercept(new Implementation.Simple(createAppender(type, fields)))
            .make()
            .getBytes();
    try {
      MethodHandles.Lookup hidden =
          lookup.defineHiddenClass(bytes, true, MethodHandles.Lookup.ClassOption.NESTMATE);
      return (EntityAccessor)
          hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot define the accessor of " + type.getName(), e);
    }
  }

  private static ByteCodeAppender readAppender(Class<?> type, List<Field> fields) {
    TypeDescription entity = TypeDescription.ForLoadedType.of(type);
    List<StackManipulation> code = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      FieldDescription field = new FieldDescription.ForLoadedField(fields.get(i));
      code.add(MethodVariableAccess.REFERENCE.loadFrom(2));
      code.add(IntegerConstant.forValue(i));
      code.add(MethodVariableAccess.REFERENCE.loadFrom(1));
      code.add(TypeCasting.to(entity));
      code.add(FieldAccess.forField(field).read());
      code.add(
          Assigner.DEFAULT.assign(
              field.getType(), TypeDescription.Generic.OBJECT, Assigner.Typing.STATIC));
      code.add(ArrayAccess.REFERENCE.store());
    }
    code.add(MethodReturn.VOID);
    return appender(code);
  }

  private static ByteCodeAppender createAppender(Class<?> type, List<Field> fields) {
    TypeDescription entity = TypeDescription.ForLoadedType.of(type);
    List<StackManipulation> code = new ArrayList<>();
    code.add(TypeCreation.of(entity));
    code.add(Duplication.SINGLE);
    if (type.isRecord()) {
      Class<?>[] parameterTypes = fields.stream().map(Field::getType).toArray(Class<?>[]::new);
      for (int i = 0; i < fields.size(); i++) {
        code.add(loadValue(i, fields.get(i)));
      }
      code.add(
          MethodInvocation.invoke(
              new MethodDescription.ForLoadedConstructor(constructor(type, parameterTypes))));
    } else {
      code.add(
          MethodInvocation.invoke(new MethodDescription.ForLoadedConstructor(constructor(type))));
      for (int i = 0; i < fields.size(); i++) {
        code.add(Duplication.SINGLE);
        code.add(loadValue(i, fields.get(i)));
        code.add(FieldAccess.forField(new FieldDescription.ForLoadedField(fields.get(i))).write());
      }
    }
    code.add(MethodReturn.REFERENCE);
    return appender(code);
  }

  /** {@code (T) unbox(values[i])}. */
  private static StackManipulation loadValue(int i, Field field) {
    return new StackManipulation.Compound(
        MethodVariableAccess.REFERENCE.loadFrom(1),
        IntegerConstant.forValue(i),
        ArrayAccess.REFERENCE.load(),
        Assigner.DEFAULT.assign(
            TypeDescription.Generic.OBJECT,
            TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(field.getType()),
            Assigner.Typing.DYNAMIC));
  }

  private static ByteCodeAppender appender(List<StackManipulation> code) {
    StackManipulation body = new StackManipulation.Compound(code);
    return (visitor, context, method) ->
        new ByteCodeAppender.Size(
            body.apply(visitor, context).getMaximalSize(), method.getStackSize());
  }

  static Constructor<?> constructor(Class<?> type, Class<?>... parameterTypes) {
    try {
      return type.getDeclaredConstructor(parameterTypes);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          type.getName() + " has no constructor for " + List.of(parameterTypes), e);
    }
  }
}
