// The service as docs/service/api.md describes it, with the emulator's own choices where the spec is silent
// (the emulator's README.md lists them).
import { ApiFailure } from "../api/answers";
import { ServiceProfile } from "./profile";

export const specProfile: ServiceProfile = {
    name: "spec",
    campaignNameKey: "domain",
    overlayListKey: "cta",
    storedText: (value) => value,
    linkUrl: (value) => value,
    campaignName: (name) => name,
    channelNameOnUpdate: (name) => name,
    channelColorWhenAbsent: () => "",
    campaignSlugWhenAbsent: () => "",
    channelColor: (value) => {
        if (value !== "" && !/^#[0-9A-Fa-f]{6}$/.test(value))
            throw new ApiFailure("color must be a HEX colour like #1A2B3C.");
        return value;
    },
    flag: (value, field) => {
        if (value === undefined || value === null) return undefined;
        if (typeof value !== "boolean") throw new ApiFailure(`${field} must be true or false.`);
        return value;
    },
    refuseQrData: (reason) => {
        throw new ApiFailure(reason);
    },
    slugTakenBySelf: false,
    emptySlugRemovesRotator: true,
    refuseRedirect: () => undefined,
    gone: (_kind, thing) => {
        throw new ApiFailure(`${thing} does not exist.`);
    },
    qrHasShortLink: () => true,
    channelUpdateShowsChannel: false,
    campaignListUrl: (url) => url,
    keepsItemsDeletedInDashboard: false,
    repeatedAssignment: () => undefined,
    listResult: "page",
    listErrorFlag: "0",
    // The spec gives three counters without naming the networks; the emulator names them.
    socialNetworks: ["facebook", "twitter", "reddit"],
};
