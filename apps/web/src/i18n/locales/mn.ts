import { byNamespace, type Catalogue } from "../catalogue.ts";

export default byNamespace(import.meta.glob<Catalogue>("./mn/*.json", { eager: true, import: "default" }));
