import { accountRoutes } from "./account";
import { ApiRoute } from "./context";
import { domainRoutes } from "./domains";
import { pixelRoutes } from "./pixels";

export const apiRoutes: ApiRoute[] = [...accountRoutes, ...domainRoutes, ...pixelRoutes];
