/**
 * Words of the languages agents switch into mid-report (German, Dutch, French, Spanish,
 * Portuguese, Italian, Swedish, and Hindi as typed in Latin letters), read as the English words the rules know: negators and quantifiers ("nicht",
 * "nada", "não", "niente"), copulas, the conjunctions and time words that bound a scope ("aber",
 * "porque", "después"), the status words a report says of its work ("verificado", "échoué",
 * "abgeschlossen", "pendente") and the nouns that name its parts ("Änderung", "fichier",
 * "actualización"). A bilingual report says in either language what the same report in English
 * says; the rules read meaning, so the words are mapped before the rules read them.
 *
 * Only words no English report uses as an English word are here: short words that are also
 * English words, acronyms or id prefixes ("se", "si", "ni", "ma", "es", "son", "est", "era",
 * "war", "mas", "de", "als", "want") are left out; so are words whose senses split within a
 * language ("stato" is both "state" and "been", "lista" both "ready" and "list", "salvo" both
 * "saved" and "except", "hecho" and "fatto" both "done" and "fact") or across two of them
 * ("leer" is "empty" in German and "to read" in Spanish, "noch" "nor" in Dutch and "still" in
 * German, "werden" "were" in Dutch and "will" in German); Swedish "men", "var", "tom", "redo"
 * and "klar" (German "clear"), and Hindi "main" ("I"), "par" ("but"), "mat" ("don't"), "na" and
 * "the" ("were") are left out too. Hindi puts its "nahi" after what it denies and its copula last
 * ("RELEASE_CURRENT nahi hai"): read as "not is", the scope rules take back a word a bare "not" follows.
 *
 * Words written with plain letters are read token by token (`FOREIGN_TOKEN_WORDS`); words with
 * accented letters, which the tokens would split, are rewritten in the folded text first
 * (`foldAccentedWords`).
 */

/** English reading: foreign forms (space-separated). */
const READINGS: Record<string, string> = {
  // Negators and quantifiers.
  not: "niet nicht pas non não nao inte ej nahi nahin nahii nhi",
  no: "geen kein keine keinen keiner keinem aucun aucune ningún ninguno ninguna nenhum nenhuma nessun nessuno nessuna ingen inget inga",
  nothing: "niets niks nichts rien nada niente nulla ingenting",
  never: "nooit nie niemals jamais nunca mai aldrig",
  nor: "nem né",
  without: "zonder ohne sans sin sem senza utan bina",
  // Articles, which the rules read as determiners ("antes del cambio" is "before the change").
  the: "het der dem des das du le les el los las del della dello delle dei degli",
  // Copulas and auxiliaries.
  is: "ist está é è är hai",
  are: "zijn sind sont están estão são sono hain",
  was: "werd wurde était fue foi blev tha thi",
  were: "waren wurden fueron foram",
  remains: "blijft bleibt reste sigue queda continua förblir kvarstår",
  will: "zal zullen wird werde",
  false: "falsch",
  // Conjunctions and time words that bound a scope.
  and: "aur",
  but: "maar aber mais pero lekin magar",
  as: "como comme",
  because: "omdat weil parce porque perché perche eftersom kyunki kyonki",
  before: "voordat bevor vorher avant antes prima innan före pehle",
  until: "förrän tills",
  when: "när jab",
  after: "nadat daarna danach après después despues depois dopo efter baad",
  // Completion and verification.
  complete: "voltooid afgerond compleet abgeschlossen complet complète completo completa completado completada completados completadas concluído concluido concluída concluida completato completata completati completate slutförd slutfört slutförda slutförts fullständig avslutad avslutat",
  finished: "klaar fertig terminé terminée fini finie terminado terminada finalizado finalizada terminato terminata finito finita färdig färdigt",
  done: "gedaan erledigt feito feita gjort utfört",
  closed: "gesloten afgesloten geschlossen fermé fermée clôturé clôturée cerrado cerrada fechado fechada chiuso chiusa stängd stängt stängda",
  resolved: "opgelost gelöst résolu résolue resuelto resuelta resolvido resolvida risolto risolta löst",
  ready: "bereit prêt prête listo pronto pronta",
  verified: "geverifieerd gecontroleerd geprüft überprüft vérifié vérifiée vérifiés vérifiées verificado verificada verificados verificadas verificato verificata verificati verificate comprobado comprobada verifierad verifierat verifierade verifierats kontrollerad kontrollerat",
  confirmed: "bevestigd bestätigt confirmé confirmée confirmés confirmado confirmada confirmados confirmadas confermato confermata confermati bekräftad bekräftat bekräftade bekräftats bekräftas",
  validated: "gevalideerd validé validée validado validada validato validata validerad validerat",
  valid: "geldig gültig valide válido válida valido valida giltig giltigt",
  current: "actueel geldend aktuell vigente aktuella gällande",
  sent: "verzonden verstuurd gesendet verschickt envoyé envoyée enviado enviada inviato inviata skickad skickat skickade skickats bheja bheji",
  transmitted: "übermittelt transmis transmise transmitido transmitida trasmesso trasmessa",
  saved: "opgeslagen gespeichert enregistré enregistrée guardado guardada gravado gravada salvato salvata sparad sparat sparats",
  written: "geschreven geschrieben écrit écrite escrito escrita scritto scritta skriven skrivet likha likhi",
  available: "beschikbaar verfügbar disponible disponível disponibile tillgänglig tillgängligt",
  // Acts of checking and reading an input.
  checked: "nagekeken kontrolliert controllato controllata controllati contrôlé contrôlée conferido conferida",
  reviewed: "revisado revisada revisé revisamos durchgesehen revisionato revisionata granskad granskat",
  examined: "examinado examinada esaminato esaminata examiné examinée",
  consulted: "consultado consultada consultato consultata consulté consultée geraadpleegd",
  against: "tegen gegen contre",
  // The writer as the one a deliverable comes from ("inget directive från mig": "no directive from me").
  from: "från",
  me: "mig",
  if: "agar",
  opened: "khola kholi khula khuli",
  found: "mila mili",
  changed: "badla badli",
  wrong: "galat",
  // Hindi's light verbs after an English word make that word its verb ("log complete kar diya": completed the log).
  do: "kar karo karna karke",
  which: "jo",
  did: "kiya kiye diya liya gaya gayi gaye",
  be: "ho hona",
  // Problems.
  incomplete: "ofullständig ofullständigt adhoora adhura",
  failed: "mislukt gefaald fehlgeschlagen échoué échouée falló fallido fallida falhou falhado falhada fallito fallita fallì misslyckades misslyckad misslyckat nakaam",
  failure: "échec fallo falha",
  error: "fout fehler erreur erro errore fel",
  errors: "fouten erreurs errores erros errori",
  missing: "ontbreekt ontbrekend ontbrekende fehlt fehlend fehlende fehlenden manquant manquante manquants manquantes faltante faltantes mancante mancanti saknas saknad saknade",
  unavailable: "indisponible indisponível otillgänglig otillgängligt",
  unreadable: "onleesbaar unlesbar illisible ilegible ilegível illeggibile oläsbar oläslig",
  empty: "leeg vide vacío vacía vazio vazia vuoto vuota khaali khali",
  blocked: "geblokkeerd blockiert bloqué bloquée bloqueado bloqueada bloccato bloccata blockerad spärrad",
  denied: "geweigerd verweigert refusé refusée denegado denegada negado negada negato negata nekad nekat nekades",
  pending: "openstaand openstaande ausstehend ausstehende offen attente pendiente pendientes pendente pendenti väntande utestående",
  unconfirmed: "onbevestigd unbestätigt obekräftad obekräftat",
  replaced: "vervangen ersetzt remplacé remplacée reemplazado reemplazada sustituido sustituida substituído substituida sostituito sostituita ersatt ersatte",
  withdrawn: "ingetrokken zurückgezogen retiré retirée retirado retirada ritirato ritirata tillbakadragen",
  revoked: "herroepen widerrufen révoqué révoquée revocado revocada revogado revogada revocato revocata återkallad återkallat återkallades",
  cancelled: "geannuleerd aufgehoben annulé annulée anulado anulada cancelado cancelada annullato annullata annullerad annullerat radd",
  expired: "verlopen abgelaufen périmé périmée caducado caducada vencido vencida expirado expirada scaduto scaduta utgången utgånget",
  superseded: "achterhaald überholt superado superada superato superata",
  // Nouns that name the work's parts.
  change: "wijziging änderung changement cambio mudança alteração modifica ändring ändringen",
  changes: "wijzigingen änderungen changements cambios mudanças alterações modifiche ändringar ändringarna",
  file: "bestand datei fichier archivo ficheiro arquivo fil filen",
  source: "bron quelle fuente fonte källa källan",
  record: "registratie registro registo",
  update: "aktualisierung actualización atualização aggiornamento uppdatering uppdateringen",
};

const PLAIN = /^[a-z]+$/;

/** Foreign words written in plain letters, by the English word they are read as (one lookup per token). */
export const FOREIGN_TOKEN_WORDS = new Map<string, string>();
/** Foreign words holding an accented letter, by their English reading. */
const ACCENTED = new Map<string, string>();
for (const [english, forms] of Object.entries(READINGS)) {
  for (const form of forms.split(" ")) (PLAIN.test(form) ? FOREIGN_TOKEN_WORDS : ACCENTED).set(form, english);
}

/** A letter with an accent (Latin-1 and Latin Extended-A lower case), the mark of a word the tokens would split. */
export const ACCENTED_LETTER = /[à-öø-ÿœ]/;
/** A word of plain and accented letters. */
const WORD = /[a-zà-öø-ÿœ]+/g;

/** `lower` with each known accented foreign word replaced by its English reading. */
export function foldAccentedWords(lower: string): string {
  return lower.replace(WORD, (w) => (ACCENTED_LETTER.test(w) ? (ACCENTED.get(w) ?? w) : w));
}
