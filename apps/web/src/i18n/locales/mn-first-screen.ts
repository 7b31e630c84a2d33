import { byNamespace, type Catalogue } from "../catalogue.ts";

// Keep the brace list equal to FIRST_SCREEN_NAMESPACES (import.meta.glob takes only literals).
export default byNamespace(import.meta.glob<Catalogue>("./mn/{common,shell,components,inbox,issues}.json", { eager: true, import: "default" }));
