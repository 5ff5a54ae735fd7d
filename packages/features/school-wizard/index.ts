export { AssignedGroups } from './AssignedGroups.tsx';
export { SchoolIsland, SchoolsIsland } from './islands.tsx';
export { SchoolList } from './SchoolList.tsx';
export { SchoolManager } from './SchoolManager.tsx';
export { SchoolWizard } from './SchoolWizard.tsx';
