// @ts-check
/**
 * The credit-card site's card filter: chips that show the cards of one kind. Buttons with
 * aria-pressed, so the chosen chip is announced; the list announces how many cards it shows.
 */
const chips = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('.chip[data-filter]')]);
const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#card-list > li')]);

/** @param {string} filter */
function showCards(filter) {
  for (const chip of chips) chip.setAttribute('aria-pressed', String(chip.dataset.filter === filter));
  for (const card of cards) {
    const tags = (card.dataset.tags ?? '').split(' ');
    card.hidden = filter !== 'all' && !tags.includes(filter);
  }
}

for (const chip of chips) chip.addEventListener('click', () => showCards(chip.dataset.filter ?? 'all'));
