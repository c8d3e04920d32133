import { ui } from "../i18n";
import { Link } from "../router";

export function NotFound() {
  return (
    <div class="page not-found">
      <h1 id="page-title">{ui().notFoundTitle}</h1>
      <p>{ui().notFoundText}</p>
      <Link class="button" href="/">
        {ui().toHome}
      </Link>
    </div>
  );
}
