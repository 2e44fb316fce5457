// A kind's Args interface (what a program writes) and its zod inputs (what the provider accepts) are written apart,
// the one for readers of the types and the other for the checks. This compares them when the package is built, so
// they cannot drift: `AgreeWith<Args, typeof inputs>` is `true` when they agree, and otherwise an object naming
// each field that disagrees and how, which `ArgsAgree` refuses with a compile error that shows it.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

/** Every key of every member of a union. */
type KeysOf<T> = T extends unknown ? keyof T : never;
type OptionalKeys<T> = T extends unknown ? { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T] : never;
/** Keys required by every member of a union. */
type RequiredKeys<T> = Exclude<KeysOf<T>, OptionalKeys<T>>;
/** The plain value a pulumi.Input stands for. */
type Unwrapped<T> = T extends pulumi.OutputInstance<infer V> ? V : T extends Promise<infer V> ? V : T;
/** An object type as an anonymous one, which TypeScript lets match an index signature (an interface it does not). */
type Plain<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: T[K] } : T;
/** Keys whose value type, in some member of Args, is no pulumi.Input of what zod accepts. */
type MistypedKeys<Args, In> = Args extends unknown
    ? {
          [K in keyof Args & keyof In]-?: [Plain<Unwrapped<Exclude<Args[K], undefined>>>] extends [In[K]] ? never : K;
      }[keyof Args & keyof In]
    : never;

type Problems<Args, In> = {
    [K in Exclude<KeysOf<In>, KeysOf<Args>> as `${K & string}: an input missing from Args`]: K;
} & {
    [K in Exclude<KeysOf<Args>, KeysOf<In>> as `${K & string}: in Args but no input`]: K;
} & {
    [K in Exclude<RequiredKeys<In>, RequiredKeys<Args>> as `${K & string}: a required input, optional in Args`]: K;
} & {
    // Args may be a union that makes an optional input required in some members (a QR code's type), so an
    // optional input needs to be optional in one member only.
    [
        K in Exclude<
            OptionalKeys<In> & KeysOf<Args>,
            OptionalKeys<Args>
        > as `${K & string}: an optional input, required in Args`
    ]: K;
} & {
    [K in MistypedKeys<Args, In> as `${K & string}: its type in Args is no pulumi.Input of the zod input`]: K;
};

/** `true` when Args and the zod schema's input agree; otherwise the fields that disagree and why. */
export type AgreeWith<Args, Schema extends z.ZodType> = keyof Problems<Args, z.input<Schema>> extends never
    ? true
    : { [Problem in keyof Problems<Args, z.input<Schema>>]: Problems<Args, z.input<Schema>>[Problem] };

/** A compile error unless `Agreement` is `true`: `export type DomainArgsAgree = ArgsAgree<AgreeWith<DomainArgs, typeof inputs>>`. */
export type ArgsAgree<Agreement extends true> = Agreement;
