// PLACEHOLDER: replaced by the screen's real module.
import { Outlet } from "react-router";

export default function Screen() {
  void Outlet;
  return <h1>class</h1>;
}
