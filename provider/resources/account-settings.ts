// The account's e-mail and password: a singleton that exists before and after the stack. Create applies the
// declared settings, delete leaves the account as it is. The password cannot be read back, so its drift cannot
// be seen; it is a secret in inputs, outputs and state.
import { declareKind, ShortenerResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { secretOf, shapeOf, declaredOutputs, wordsOf, type ComputedOutputs, type Field } from "./fields";
import type { ResourceDefinition } from "./lifecycle";

const FIELDS = {
    email: {
        schema: z.email({ error: "must be an e-mail address" }).optional(),
        word: "e-mail address",
        shown: true,
        description: "The account's e-mail address.",
    },
    password: {
        schema: z.string().min(5, { error: "must be at least 5 characters" }).optional(),
        word: "password",
        shown: false,
        secret: true,
        description: "The account's password: at least 5 characters; always stored as a secret.",
    },
} as const satisfies Record<string, Field>;
const OUTPUTS = {
    username: { schema: z.string(), word: "user name", description: "The account's user name." },
    status: { schema: z.string(), word: "plan", description: "The account's plan, e.g. `pro`." },
} as const satisfies ComputedOutputs;

const inputs = z.strictObject(shapeOf(FIELDS));
export type AccountSettingsInputs = z.output<typeof inputs>;

export const accountSettings: ResourceDefinition<AccountSettingsInputs> = {
    kind: "AccountSettings",
    description:
        "The account's e-mail address and password: the account exists before and after the stack; destroying the " +
        "resource leaves it as it is.",
    words: {
        noun: "Account settings",
        label: { from: ["username"], text: (p) => p.username },
        ...wordsOf(FIELDS, OUTPUTS),
    },
    secretInputs: secretOf(FIELDS),
    inputs,
    ...declaredOutputs(OUTPUTS),

    // Only what differs from the account is sent, so taking over the account as it is (an imported program)
    // writes nothing; a declared password is always sent, since the service never shows it.
    async create(context, wanted) {
        const client = context.client();
        let account = await client.account.get();
        const email = wanted.email === account.email ? undefined : wanted.email;
        if (email !== undefined || wanted.password !== undefined) {
            await client.account.update({ email, password: wanted.password });
            account = await client.account.get();
        }
        return { id: String(account.id), computed: { username: account.username, status: account.status } };
    },

    async read(context) {
        const account = await context.client().account.get();
        return { inputs: { email: account.email }, computed: { username: account.username, status: account.status } };
    },

    async update(context, _id, _olds, wanted, changed) {
        await context.client().account.update(Object.fromEntries(changed.map((field) => [field, wanted[field]])));
        return {};
    },

    async delete(context) {
        context.tell("AccountSettings removed from the stack: the account keeps its current e-mail and password");
    },
};

export interface AccountSettingsArgs {
    email?: pulumi.Input<string>;
    /** At least 5 characters. Always stored as a secret, even when given as plain text. */
    password?: pulumi.Input<string>;
}
export type AccountSettingsArgsAgree = ArgsAgree<AgreeWith<AccountSettingsArgs, typeof inputs>>;

/**
 * The account's e-mail and password. Declare it once per stack: creating it applies the settings, deleting it
 * leaves the account as it is. A changed password cannot be detected by refresh (the service never shows it).
 */
export class AccountSettings extends ShortenerResource {
    static {
        declareKind(this, accountSettings);
    }

    declare readonly email: pulumi.Output<string | undefined>;
    declare readonly password: pulumi.Output<string | undefined>;
    declare readonly username: pulumi.Output<string>;
    /** The plan, e.g. "pro". */
    declare readonly status: pulumi.Output<string>;

    /** The password is secret whatever the program wrote (secretInputs). */
    constructor(name: string, args: AccountSettingsArgs, opts?: pulumi.CustomResourceOptions) {
        super(name, args, opts);
    }
}
