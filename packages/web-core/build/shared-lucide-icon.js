// A remote's lucide icons are made by the page's one `createLucideIcon`: the design system's (@cp/ui, a shared
// singleton, so the host's copy), not a copy of lucide's icon machinery in every remote's bundle. The remotes' builds
// put this module in place of lucide-react's `createLucideIcon.mjs` where an icon module imports it
// (SharedLucideIconPlugin in create-config.js).
export { createLucideIcon as default } from '@cp/ui';
