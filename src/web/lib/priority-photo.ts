/**
 * The `elementtiming` name of a page's priority photo (components/ui/responsive-image.tsx): the
 * page's scripts start once it has been painted (lib/start-app.ts). A module of its own, so that
 * the photo's component does not bring the start-up script into the browser's bundle.
 */
export const PRIORITY_PHOTO_TIMING = "priority-photo";
