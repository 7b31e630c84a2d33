import { byNamespace, type Catalogue } from "../catalogue.ts";

export default byNamespace(import.meta.glob<Catalogue>("./en/*.json", { eager: true, import: "default" }));
