// The profiles by name: the strategy objects a handler asks where the spec and the real service part ways.
import { PROFILE_NAMES, ProfileName, ServiceProfile } from "./profile";
import { realProfile } from "./real";
import { specProfile } from "./spec";

export { PROFILE_NAMES } from "./profile";
export type { ProfileName, ServiceProfile } from "./profile";
export { cleanText } from "./real";

export const PROFILES: Record<ProfileName, ServiceProfile> = { spec: specProfile, real: realProfile };

export function isProfileName(value: string): value is ProfileName {
    return (PROFILE_NAMES as readonly string[]).includes(value);
}
