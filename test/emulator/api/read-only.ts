import { ApiRoute } from "./context";
import { listResponse } from "./pagination";

// Overlays and splash pages can only be listed through the API; tests create them with admin.seed.
export const readOnlyRoutes: ApiRoute[] = [
    {
        method: "GET",
        pattern: "/api/overlay",
        handler: (context) =>
            listResponse(
                "cta",
                context.store
                    .owned("overlays", context.user.id)
                    .map((record) => ({ id: record.id, type: record.type, name: record.name, date: record.date })),
                context.query,
            ),
    },
    {
        method: "GET",
        pattern: "/api/splash",
        handler: (context) =>
            listResponse(
                "splash",
                context.store
                    .owned("splash", context.user.id)
                    .map((record) => ({ id: record.id, name: record.name, date: record.date })),
                context.query,
            ),
    },
];
