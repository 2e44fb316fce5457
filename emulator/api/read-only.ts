import { ApiRoute } from "./context";
import { ownedListRoute } from "./pagination";

// Overlays and splash pages can only be listed through the API; tests create them with admin.seed.
export const readOnlyRoutes: ApiRoute[] = [
    ownedListRoute(
        "/api/overlay",
        "overlays",
        (context) => context.settings.profile.overlayListKey,
        (record) => ({ id: record.id, type: record.type, name: record.name, date: record.date }),
    ),
    ownedListRoute("/api/splash", "splash", "splash", (record) => ({
        id: record.id,
        name: record.name,
        date: record.date,
    })),
];
