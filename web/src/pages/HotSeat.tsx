export function HotSeat() {
  return <div class="page"><h1>Zu zweit</h1></div>;
}
