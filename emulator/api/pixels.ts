import { PixelRecord } from "../store/records";
import { ApiRoute, deleteRoute, done, updatedOrGone } from "./context";
import { oneOf, optionalString, requiredString } from "./fields";
import { ownedListRoute } from "./pagination";

export const PIXEL_TYPES = [
    "tagmanagerpixel",
    "analyticspixel",
    "socialpixel",
    "adspixel",
    "professionalpixel",
    "microblogpixel",
    "retargetpixel",
    "qapixel",
    "pinboard",
    "searchengine",
    "photomessage",
    "forum",
    "shortvideo",
] as const;

function present(record: PixelRecord): object {
    return { id: record.id, type: record.type, name: record.name, tag: record.tag, date: record.date };
}

export const pixelRoutes: ApiRoute[] = [
    ownedListRoute("/api/pixels", "pixels", "pixels", present),
    {
        method: "POST",
        pattern: "/api/pixel/add",
        handler: (context) => {
            const { storedText } = context.settings.profile;
            const type = oneOf(requiredString(context.body, "type"), PIXEL_TYPES, "type");
            const name = storedText(requiredString(context.body, "name"));
            const tag = storedText(requiredString(context.body, "tag"));
            const record = context.store.insert("pixels", context.user.id, { type, name, tag });
            return { error: 0, id: record.id };
        },
    },
    {
        method: "PUT",
        pattern: "/api/pixel/:id/update",
        handler: (context) => {
            const { storedText } = context.settings.profile;
            const record = updatedOrGone(context, "pixels", context.ids.id);
            const tag = storedText(requiredString(context.body, "tag"));
            const name = optionalString(context.body, "name");
            context.store.update("pixels", record, { tag, name: name ? storedText(name) : record.name });
            return done("Pixel has been updated successfully.");
        },
    },
    deleteRoute("pixels", "/api/pixel/:id/delete"),
];
