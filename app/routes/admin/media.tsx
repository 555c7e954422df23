// PLACEHOLDER: replaced by the upload action.
export function loader() {
  return new Response("", { status: 404 });
}
