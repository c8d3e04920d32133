export function Friend() {
  return <div class="page"><h1>Mit einem Freund</h1></div>;
}
export function Invite(props: { room: string }) {
  return <div class="page"><h1>{props.room}</h1></div>;
}
