// The shape of a MediaWiki action=paraminfo reply, as far as the catalogue needs it. Fields this code does not use
// (classname, helpurls, mustExist, ...) are tolerated and dropped, so any wiki's reply reads.
import { z } from "zod";

/** A flag: formatversion=1 writes "" when set and leaves it out otherwise; formatversion=2 writes true or false. */
const flag = z.literal(["", true, false], { error: 'expected a flag ("", true or false)' }).optional();

const integer = z.number().int();

const note = z.object({
    name: z.string(),
    values: z.array(z.union([z.string(), z.number()], { error: "expected a string or a number" })).optional(),
});

export const parameterSchema = z.object({
    index: integer,
    name: z.string(),
    type: z.union([z.string(), z.array(z.string())], {
        error: "expected a type name or an array of enumeration values",
    }),
    default: z
        .union([z.string(), z.number(), z.boolean()], { error: "expected a string, a number or a boolean" })
        .optional(),
    multi: flag,
    lowlimit: integer.optional(),
    highlimit: integer.optional(),
    limit: integer.optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    highmax: z.number().optional(),
    allspecifier: z.string().optional(),
    required: flag,
    deprecated: flag,
    deprecatedvalues: z.array(z.string()).optional(),
    subtypes: z.array(z.string()).optional(),
    extranamespaces: z.array(integer).optional(),
    info: z.array(note).optional(),
    sensitive: flag,
    allowsduplicates: flag,
    submodules: z.record(z.string(), z.string()).optional(),
    submoduleparamprefix: z.string().optional(),
    templatevars: z.record(z.string(), z.string()).optional(),
});

export const moduleSchema = z.object({
    name: z.string(),
    path: z.string(),
    // Only the main module has no group; query submodules are checked for one when the catalogue is assembled.
    group: z.string().optional(),
    prefix: z.string(),
    source: z.string().optional(),
    sourcename: z.string().optional(),
    licensetag: z.string().optional(),
    licenselink: z.string().optional(),
    readrights: flag,
    generator: flag,
    deprecated: flag,
    helpurls: z.array(z.string()).optional(),
    parameters: z.array(parameterSchema),
    templatedparameters: z.array(parameterSchema).optional(),
});

export const paraminfoReplySchema = z.object({
    paraminfo: z.object({
        helpformat: z.string().optional(),
        modules: z.array(moduleSchema),
    }),
});

/** What a paraminfo reply may hold (the builder writes this; "" flags, absent when unset). */
export type RawParameter = z.input<typeof parameterSchema>;
export type RawModule = z.input<typeof moduleSchema>;
export type ParaminfoReply = z.output<typeof paraminfoReplySchema>;
export type ParsedModule = z.output<typeof moduleSchema>;
export type ParsedParameter = z.output<typeof parameterSchema>;
