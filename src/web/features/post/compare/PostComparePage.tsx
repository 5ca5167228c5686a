/** Scaffold: filled in by its own change (issue 30). */
export default function Page() {
  return null;
}
