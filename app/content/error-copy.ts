/**
 * What the error page says (app/components/error-page.tsx), in English: the console's and the
 * root's errors, and the English public pages'. The Hindi twin is app/content/hi/error-copy.ts.
 */
export type ErrorCopy = {
  /** "Error 404". */
  label: (status: number) => string;
  /** Title and text for the statuses the site answers with. */
  known: Record<403 | 404 | 500, { title: string; body: string }>;
  /** Any other status. */
  other: { title: string; body: string };
  backHome: string;
};

export const errorCopy: ErrorCopy = {
  label: (status) => `Error ${status}`,
  known: {
    403: { title: "Unauthorized: Admins only.", body: "This account cannot use the admin console." },
    404: { title: "Page not found", body: "The page you are looking for doesn't exist or has moved." },
    500: { title: "Something went wrong", body: "Please try again in a moment." },
  },
  other: { title: "Something went wrong", body: "Please try again." },
  backHome: "Back to Home",
};
