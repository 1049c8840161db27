/**
 * Japanese and Chinese, as bilingual agents mix them into English reports, read as the English
 * the rules know. Japanese writes no spaces and puts its negation after what it denies
 * ("complete ではありません", "complete にはしていません": not complete), so the words of foreign-words.ts,
 * read token by token, cannot reach it: here its phrases are rewritten, longest first, into
 * spaced English words before the tokens are read. A negative ending becomes a bare "not"
 * after the word it follows, which the scope rules take back as they do "CURRENT not
 * supported"; the prefix 未 ("not yet") becomes a "not" before its word; status words, problem
 * words and declines become theirs ("完了" complete, "失敗" failed, "お断り" I decline). Its
 * sentence and clause marks are the English ones, so clauses split where its sentences end.
 *
 * Only forms whose reading holds wherever an agent writes them are here: a bare "ない" inside a
 * longer word ("少ない", few) is left alone, and "確認" (a check, or confirming) is read as the
 * noun, so "確認済み" is what claims it confirmed. Chinese has a list of its own (below), chosen
 * where a text holds no kana.
 */

/** Kana or CJK ideographs: Japanese or Chinese in the text. */
export const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** Kana: Japanese writes them beside its ideographs, Chinese never does. */
const KANA = /[\u3040-\u30ff]/;

/** Japanese phrase → English reading, applied longest first. */
const READINGS: ReadonlyArray<readonly [string, string]> = [
  // Declines: the writer's intention not to deliver, its subject left out as Japanese leaves it.
  ["お断りさせてください", "i decline"], ["お断りします", "i decline"], ["お断り", "i decline"], ["辞退します", "i decline"],
  ["引き受けられません", "i decline"], ["手を止めさせてください", "i am stopping here"], ["書かないことにします", "i will not write it"],
  ["書きません", "i will not write it"], ["出しません", "i will not issue it"], ["作成しません", "i will not write it"], ["設定しません", "i will not set it"],
  ["出すべきではないと判断しました", "i will not issue it"], ["出せません", "i can not issue it"],
  // Negative endings, after what they deny.
  ["ではありません", " not "], ["じゃありません", " not "], ["ではない", " not "], ["じゃない", " not "], ["ではなく", " not "],
  ["でない", " not "], ["でなく", " not "],
  ["にはしていません", " not "], ["にはできません", " not "], ["にはできない", " not "], ["にできない", " not "], ["とは書けません", " not "],
  ["できていません", " not "], ["できていない", " not "], ["していません", " not "], ["していない", " not "], ["できません", " not "],
  ["られません", " not "], ["ませんでした", " not "], ["なかった", " not "], ["ません", " not "], ["ていない", " not "], ["できない", " not "],
  // Problems.
  ["見つかりません", " not found "], ["見つからない", " not found "], ["存在しません", " not found "], ["存在しない", " not found "],
  ["読めません", " could not read "], ["読めない", " could not read "], ["読めず", " could not read "], ["失敗", " failed "], ["エラー", " error "],
  ["拒否", " denied "], ["権限", " permission "], ["落ちて", " down "], ["撤回", " withdrawn "], ["取り消", " cancelled "], ["差し替え", " replaced "],
  ["置き換わ", " replaced "], ["期限切れ", " expired "], ["保留", " pending "], ["待ち", " pending "], ["無し", " none "], ["なし", " none "],
  ["未", " not "],
  // Completion and verification.
  ["確認済み", " confirmed "], ["検証済み", " verified "], ["送付済み", " sent "], ["更新済み", " updated "], ["完了", " complete "],
  ["済み", " done "], ["一致", " matched "], ["成功", " passed "], ["合格", " passed "], ["有効", " valid "], ["確認", " confirmation "],
  ["変更", " change "], ["修正", " fix "],
  // Sentence and clause marks.
  ["。", ". "], ["、", ", "], ["！", "! "], ["？", "? "], ["；", "; "], ["：", ": "], ["（", " ("], ["）", ") "], ["「", " \""], ["」", "\" "],
];
/**
 * Chinese (simplified), read the same way. Its negation stands before what it denies, as
 * English's does ("不是 RELEASE_CURRENT": not RELEASE_CURRENT), so its negators are read as
 * "not" where they stand; a text with no kana is read as Chinese.
 */
const CHINESE_READINGS: ReadonlyArray<readonly [string, string]> = [
  // Declines.
  ["我不写了", "i will not write it"], ["我也不写", "i will not write it"], ["我不写", "i will not write it"], ["我不会写", "i will not write it"],
  ["我不会出", "i will not issue it"], ["不该由我来出", "i will not issue it"], ["我拒绝", "i decline"], ["婉拒", "i decline"], ["我不提交", "i will not submit it"],
  // Negators and their common phrases.
  ["不再成立", " no longer holds "], ["不成立", " not holds "], ["不是", " not "], ["没有", " not "], ["还没", " not "], ["没", " not "],
  ["无法", " can not "], ["不能", " can not "], ["不", " not "], ["未", " not "], ["无", " no "],
  // Problems.
  ["写入失败", " write failed "], ["失败", " failed "], ["报错", " error "], ["错误", " error "], ["缺失", " missing "], ["不存在", " not found "],
  ["找不到", " not found "], ["无权限", " permission denied "], ["权限", " permission "], ["超时", " timed out "], ["撤回", " withdrawn "],
  ["撤销", " revoked "], ["取消", " cancelled "], ["取代", " replaced "], ["过时", " outdated "], ["待确认", " pending "], ["待处理", " pending "], ["待定", " pending "],
  // Completion and verification.
  ["已完成", " complete "], ["完成", " complete "], ["已确认", " confirmed "], ["已验证", " verified "], ["全部通过", " all passed "], ["通过", " passed "],
  ["已提交", " submitted "], ["已发出", " sent "], ["依然有效", " still valid "], ["依然成立", " still holds "], ["有效", " valid "], ["确认", " confirmation "],
  // Sentence and clause marks.
  ["。", ". "], ["，", ", "], ["、", ", "], ["！", "! "], ["？", "? "], ["；", "; "], ["：", ": "], ["（", " ("], ["）", ") "], ["“", " \""], ["”", "\" "],
];

/** One language's phrases as a pattern, longest first, and their readings. */
function lexicon(readings: ReadonlyArray<readonly [string, string]>): { pattern: RegExp; reading: Map<string, string> } {
  const forms = [...readings].sort((a, b) => b[0].length - a[0].length).map(([form]) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return { pattern: new RegExp(forms.join("|"), "g"), reading: new Map(readings) };
}
const JA = lexicon(READINGS);
const ZH = lexicon(CHINESE_READINGS);

/** `text` with its Japanese (or, with no kana, Chinese) phrases read as English (unchanged when it holds none). */
export function foldCjkPhrases(text: string): string {
  if (!CJK.test(text)) return text;
  const { pattern, reading } = KANA.test(text) ? JA : ZH;
  return text.replace(pattern, (form) => ` ${reading.get(form)!} `);
}

/** Japanese and Chinese sentence and clause marks, as clauses split on them: "。" a full stop, "、" and "，" commas. */
const MARKS = /[。、，！？；]/g;
const MARK_READING: Record<string, string> = { "。": ". ", "、": ", ", "，": ", ", "！": "! ", "？": "? ", "；": "; " };

/** `text` with its sentence marks written as English ones followed by a space, so a sentence ends where the language ends it. */
export function spaceCjkMarks(text: string): string {
  return text.replace(MARKS, (m) => MARK_READING[m]!);
}
