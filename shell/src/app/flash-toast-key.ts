/** Where a page leaves the next page's toast (sessionStorage): written by flash-toast.tsx, looked for by its loader. */
export const FLASH_TOAST_KEY = 'cp-flash-toast';
