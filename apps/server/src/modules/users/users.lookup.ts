// What other features read and write of users: the repository functions they may call, named here so the
// rest of the repository stays private to the feature. A file of its own, importing only the repository, so
// a feature low in the ranks can read it without importing the feature's services (scripts/eslint/boundaries.js).
export { adminAddresses, anyoneOnline, findCompanyUser, findUserByEmail, findUserById, insertUser, updateCompanyUser, updateOwnUser } from "./users.repo.ts";
