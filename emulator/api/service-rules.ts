// The service's rules the emulator knows that the product knows too: which aliases are reserved, how an alias is
// stored, how long it must be, how an expiry is read, which fields a vCard has and which pixel and QR types exist. Each
// is written twice on purpose (the emulator is the service's double and never imports the product); this is the door
// through which a test holds the two to agree.
import { PROFILES } from "../profiles";
import { ApiFailure } from "./answers";
import { expiryTime, MIN_ALIAS_LENGTH, RESERVED_ALIASES, storedAlias, storedExpiry } from "./link-body-readers";
import { PIXEL_TYPES } from "./pixels";
import { QR_TYPES, VCARD_FIELDS } from "./qr-data";

/** What the service does with a value: stores it (as `stored`), or refuses it with its message. */
export type Judged = { stored: string } | { refused: string };

function judged(read: () => string): Judged {
    try {
        return { stored: read() };
    } catch (error) {
        if (error instanceof ApiFailure) return { refused: error.message };
        throw error;
    }
}

export const SERVICE_RULES = {
    reservedAliases: RESERVED_ALIASES,
    minAliasLength: MIN_ALIAS_LENGTH,
    /** A custom alias sent to the real service (its text cleaner, then its slug), whoever holds the alias already aside. */
    alias: (value: string): Judged => judged(() => storedAlias(PROFILES.real, value)),
    /** An expiry as stored, whether or not it has passed and whatever the plan. */
    expiry: (value: string): Judged => judged(() => storedExpiry(expiryTime(value))),
    vcardFields: VCARD_FIELDS,
    pixelTypes: PIXEL_TYPES,
    qrTypes: QR_TYPES,
} as const;
