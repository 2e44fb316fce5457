// One type definition per paraminfo type name; an array type is an enumeration. Types this validator
// does not model (text, raw, password, tags, expiry, ...) are checked as strings.
import type { ParamType } from "../../catalogue/model";
import { booleanDef } from "./boolean";
import { enumDef } from "./enum";
import { integerDef, limitDef } from "./integer";
import { namespaceDef } from "./namespace";
import { stringDef } from "./string";
import { timestampDef } from "./timestamp";
import { titleDef } from "./title";
import { TypeDef } from "./typedef";
import { userDef } from "./user";

const BY_NAME: ReadonlyMap<string, TypeDef> = new Map([
    ["boolean", booleanDef],
    ["integer", integerDef],
    ["limit", limitDef],
    ["namespace", namespaceDef],
    ["string", stringDef],
    ["timestamp", timestampDef],
    ["title", titleDef],
    ["user", userDef],
]);

export function typeDefFor(type: ParamType): TypeDef {
    if (typeof type !== "string") return enumDef;
    return BY_NAME.get(type) ?? stringDef;
}
