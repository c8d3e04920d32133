export function Daily() {
  return <div class="page"><h1>Tagesmaskerade</h1></div>;
}
