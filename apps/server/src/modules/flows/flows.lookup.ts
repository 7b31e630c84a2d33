// What other features read of flows: the repository functions they may call, named here so the rest of the
// repository stays private to the feature. A file of its own, importing only the repository, so a feature below
// flows in the ranks (custom APIs, which flows call) can read it (scripts/eslint/boundaries.js, PIECE_RANKS).
export { flowsUsingEndpoint } from "./flows.repo.ts";
