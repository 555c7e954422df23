// PLACEHOLDER: replaced by the real resource route.
export function loader() {
  return new Response("", { status: 404 });
}
