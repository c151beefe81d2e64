; The cost decisions of t2s-optvls (docs/optvls-cost-model.md), checked against
; llvm-mca-19 -mcpu=znver4 and bench/optvls/run.sh:
;  * TTI prices every two-source permute of a 256-bit vector as a generic one
;    (3 on x86); the client prices the two classes the back end emits as one
;    instruction at 1: moves of whole 128-bit lanes (vinsertf128, vperm2f128)
;    and in-lane selections of 64-bit elements (vunpcklpd, vshufpd, vblendpd);
;  * a shuffle that crosses 128-bit lanes costs -t2s-optvls-cross-lane-weight
;    percent (default 200) of that price;
;  * a shuffle of an odd-sized vector (3 fields) is priced as the back end
;    widens it, on the next power of two.
; Records of 2, 3 and 4 doubles and of 4 floats are rewritten (llvm-mca: 1.41x,
; 1.35x, 1.89x and 2.54x); records of 3 floats are not (llvm-mca: no gain). At
; 100% the 3-float group would be rewritten too.
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -pass-remarks=t2s-optvls -pass-remarks-missed=t2s-optvls -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -t2s-optvls-cross-lane-weight=100 -pass-remarks=t2s-optvls -disable-output %s 2>&1 | FileCheck %s --check-prefix=TTI

; CHECK-LABEL: @rec2_f64(
; CHECK: load <2 x double>
; CHECK-NOT: load double
; CHECK-LABEL: @rec3_f64(
; CHECK: call <4 x double> @llvm.masked.load.v4f64.p0
; CHECK-NOT: load double
; The 4x4 transpose: in-lane unpacks, then whole-lane moves.
; CHECK-LABEL: @rec4_f64(
; CHECK-COUNT-4: load <4 x double>
; CHECK: shufflevector <4 x double> %optvls.load, <4 x double> %optvls.load1, <4 x i32> <i32 0, i32 4, i32 2, i32 6>
; CHECK: <4 x i32> <i32 0, i32 1, i32 4, i32 5>
; CHECK: <4 x i32> <i32 2, i32 3, i32 6, i32 7>
; CHECK-NOT: load double
; CHECK-LABEL: @rec3_f32(
; CHECK-NOT: llvm.masked.load
; CHECK: load float
; CHECK-LABEL: @rec4_f32(
; CHECK: load <4 x float>
; CHECK-NOT: load float
; CHECK: ret <8 x float>

; The remarks give the parts of the price and the predicted gain.
; REMARK: remark: <unknown>:0:0: replaced 2 scalarized gathers of <4 x double> by 4 loads of <2 x double> and 5 shuffles (cost 11 instead of 14); sequence: loads/stores 4 + shuffles 7 (lane-crossing at 200%); predicted 1.27x
; REMARK: remark: <unknown>:0:0: replaced 3 scalarized gathers of <4 x double> by 4 loads of <3 x double> and 7 shuffles (cost 18 instead of 21); sequence: loads/stores 8 + shuffles 10 (lane-crossing at 200%); predicted 1.17x
; REMARK: remark: <unknown>:0:0: replaced 4 scalarized gathers of <4 x double> by 4 loads of <4 x double> and 8 shuffles (cost 16 instead of 28); sequence: loads/stores 4 + shuffles 12 (lane-crossing at 200%); predicted 1.75x
; REMARK: remark: <unknown>:0:0: did not combine 3 scalarized gathers of <8 x float>: not profitable: gathers cost 45, sequence costs 49; sequence: loads/stores 16 + shuffles 33 (lane-crossing at 200%); predicted 0.92x
; REMARK: remark: <unknown>:0:0: replaced 4 scalarized gathers of <8 x float> by 8 loads of <4 x float> and 18 shuffles (cost 46 instead of 60); sequence: loads/stores 8 + shuffles 38 (lane-crossing at 200%); predicted 1.30x

; TTI: replaced 2 scalarized gathers of <4 x double> {{.*}} (cost 8 instead of 14)
; TTI: replaced 3 scalarized gathers of <4 x double> {{.*}} (cost 15 instead of 21)
; TTI: replaced 4 scalarized gathers of <4 x double> {{.*}} (cost 12 instead of 28)
; TTI: replaced 3 scalarized gathers of <8 x float> {{.*}} (cost 39 instead of 45)
; TTI: replaced 4 scalarized gathers of <8 x float> {{.*}} (cost 32 instead of 60)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define <4 x double> @rec2_f64(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %p0 = getelementptr inbounds [2 x double], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [2 x double], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [2 x double], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [2 x double], ptr %r, i64 %j3
  %a0_0 = load double, ptr %p0, align 8
  %a0_1 = load double, ptr %p1, align 8
  %a0_2 = load double, ptr %p2, align 8
  %a0_3 = load double, ptr %p3, align 8
  %v0_0 = insertelement <4 x double> poison, double %a0_0, i64 0
  %v0_1 = insertelement <4 x double> %v0_0, double %a0_1, i64 1
  %v0_2 = insertelement <4 x double> %v0_1, double %a0_2, i64 2
  %v0 = insertelement <4 x double> %v0_2, double %a0_3, i64 3
  %q1_0 = getelementptr inbounds i8, ptr %p0, i64 8
  %a1_0 = load double, ptr %q1_0, align 8
  %q1_1 = getelementptr inbounds i8, ptr %p1, i64 8
  %a1_1 = load double, ptr %q1_1, align 8
  %q1_2 = getelementptr inbounds i8, ptr %p2, i64 8
  %a1_2 = load double, ptr %q1_2, align 8
  %q1_3 = getelementptr inbounds i8, ptr %p3, i64 8
  %a1_3 = load double, ptr %q1_3, align 8
  %v1_0 = insertelement <4 x double> poison, double %a1_0, i64 0
  %v1_1 = insertelement <4 x double> %v1_0, double %a1_1, i64 1
  %v1_2 = insertelement <4 x double> %v1_1, double %a1_2, i64 2
  %v1 = insertelement <4 x double> %v1_2, double %a1_3, i64 3
  %s1 = fadd <4 x double> %v0, %v1
  ret <4 x double> %s1
}

define <4 x double> @rec3_f64(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %p0 = getelementptr inbounds [3 x double], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [3 x double], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [3 x double], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [3 x double], ptr %r, i64 %j3
  %a0_0 = load double, ptr %p0, align 8
  %a0_1 = load double, ptr %p1, align 8
  %a0_2 = load double, ptr %p2, align 8
  %a0_3 = load double, ptr %p3, align 8
  %v0_0 = insertelement <4 x double> poison, double %a0_0, i64 0
  %v0_1 = insertelement <4 x double> %v0_0, double %a0_1, i64 1
  %v0_2 = insertelement <4 x double> %v0_1, double %a0_2, i64 2
  %v0 = insertelement <4 x double> %v0_2, double %a0_3, i64 3
  %q1_0 = getelementptr inbounds i8, ptr %p0, i64 8
  %a1_0 = load double, ptr %q1_0, align 8
  %q1_1 = getelementptr inbounds i8, ptr %p1, i64 8
  %a1_1 = load double, ptr %q1_1, align 8
  %q1_2 = getelementptr inbounds i8, ptr %p2, i64 8
  %a1_2 = load double, ptr %q1_2, align 8
  %q1_3 = getelementptr inbounds i8, ptr %p3, i64 8
  %a1_3 = load double, ptr %q1_3, align 8
  %v1_0 = insertelement <4 x double> poison, double %a1_0, i64 0
  %v1_1 = insertelement <4 x double> %v1_0, double %a1_1, i64 1
  %v1_2 = insertelement <4 x double> %v1_1, double %a1_2, i64 2
  %v1 = insertelement <4 x double> %v1_2, double %a1_3, i64 3
  %q2_0 = getelementptr inbounds i8, ptr %p0, i64 16
  %a2_0 = load double, ptr %q2_0, align 8
  %q2_1 = getelementptr inbounds i8, ptr %p1, i64 16
  %a2_1 = load double, ptr %q2_1, align 8
  %q2_2 = getelementptr inbounds i8, ptr %p2, i64 16
  %a2_2 = load double, ptr %q2_2, align 8
  %q2_3 = getelementptr inbounds i8, ptr %p3, i64 16
  %a2_3 = load double, ptr %q2_3, align 8
  %v2_0 = insertelement <4 x double> poison, double %a2_0, i64 0
  %v2_1 = insertelement <4 x double> %v2_0, double %a2_1, i64 1
  %v2_2 = insertelement <4 x double> %v2_1, double %a2_2, i64 2
  %v2 = insertelement <4 x double> %v2_2, double %a2_3, i64 3
  %s1 = fadd <4 x double> %v0, %v1
  %s2 = fadd <4 x double> %s1, %v2
  ret <4 x double> %s2
}

define <4 x double> @rec4_f64(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %p0 = getelementptr inbounds [4 x double], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [4 x double], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [4 x double], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [4 x double], ptr %r, i64 %j3
  %a0_0 = load double, ptr %p0, align 8
  %a0_1 = load double, ptr %p1, align 8
  %a0_2 = load double, ptr %p2, align 8
  %a0_3 = load double, ptr %p3, align 8
  %v0_0 = insertelement <4 x double> poison, double %a0_0, i64 0
  %v0_1 = insertelement <4 x double> %v0_0, double %a0_1, i64 1
  %v0_2 = insertelement <4 x double> %v0_1, double %a0_2, i64 2
  %v0 = insertelement <4 x double> %v0_2, double %a0_3, i64 3
  %q1_0 = getelementptr inbounds i8, ptr %p0, i64 8
  %a1_0 = load double, ptr %q1_0, align 8
  %q1_1 = getelementptr inbounds i8, ptr %p1, i64 8
  %a1_1 = load double, ptr %q1_1, align 8
  %q1_2 = getelementptr inbounds i8, ptr %p2, i64 8
  %a1_2 = load double, ptr %q1_2, align 8
  %q1_3 = getelementptr inbounds i8, ptr %p3, i64 8
  %a1_3 = load double, ptr %q1_3, align 8
  %v1_0 = insertelement <4 x double> poison, double %a1_0, i64 0
  %v1_1 = insertelement <4 x double> %v1_0, double %a1_1, i64 1
  %v1_2 = insertelement <4 x double> %v1_1, double %a1_2, i64 2
  %v1 = insertelement <4 x double> %v1_2, double %a1_3, i64 3
  %q2_0 = getelementptr inbounds i8, ptr %p0, i64 16
  %a2_0 = load double, ptr %q2_0, align 8
  %q2_1 = getelementptr inbounds i8, ptr %p1, i64 16
  %a2_1 = load double, ptr %q2_1, align 8
  %q2_2 = getelementptr inbounds i8, ptr %p2, i64 16
  %a2_2 = load double, ptr %q2_2, align 8
  %q2_3 = getelementptr inbounds i8, ptr %p3, i64 16
  %a2_3 = load double, ptr %q2_3, align 8
  %v2_0 = insertelement <4 x double> poison, double %a2_0, i64 0
  %v2_1 = insertelement <4 x double> %v2_0, double %a2_1, i64 1
  %v2_2 = insertelement <4 x double> %v2_1, double %a2_2, i64 2
  %v2 = insertelement <4 x double> %v2_2, double %a2_3, i64 3
  %q3_0 = getelementptr inbounds i8, ptr %p0, i64 24
  %a3_0 = load double, ptr %q3_0, align 8
  %q3_1 = getelementptr inbounds i8, ptr %p1, i64 24
  %a3_1 = load double, ptr %q3_1, align 8
  %q3_2 = getelementptr inbounds i8, ptr %p2, i64 24
  %a3_2 = load double, ptr %q3_2, align 8
  %q3_3 = getelementptr inbounds i8, ptr %p3, i64 24
  %a3_3 = load double, ptr %q3_3, align 8
  %v3_0 = insertelement <4 x double> poison, double %a3_0, i64 0
  %v3_1 = insertelement <4 x double> %v3_0, double %a3_1, i64 1
  %v3_2 = insertelement <4 x double> %v3_1, double %a3_2, i64 2
  %v3 = insertelement <4 x double> %v3_2, double %a3_3, i64 3
  %s1 = fadd <4 x double> %v0, %v1
  %s2 = fadd <4 x double> %s1, %v2
  %s3 = fadd <4 x double> %s2, %v3
  ret <4 x double> %s3
}

define <8 x float> @rec3_f32(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3, i64 %j4, i64 %j5, i64 %j6, i64 %j7) {
  %p0 = getelementptr inbounds [3 x float], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [3 x float], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [3 x float], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [3 x float], ptr %r, i64 %j3
  %p4 = getelementptr inbounds [3 x float], ptr %r, i64 %j4
  %p5 = getelementptr inbounds [3 x float], ptr %r, i64 %j5
  %p6 = getelementptr inbounds [3 x float], ptr %r, i64 %j6
  %p7 = getelementptr inbounds [3 x float], ptr %r, i64 %j7
  %a0_0 = load float, ptr %p0, align 4
  %a0_1 = load float, ptr %p1, align 4
  %a0_2 = load float, ptr %p2, align 4
  %a0_3 = load float, ptr %p3, align 4
  %a0_4 = load float, ptr %p4, align 4
  %a0_5 = load float, ptr %p5, align 4
  %a0_6 = load float, ptr %p6, align 4
  %a0_7 = load float, ptr %p7, align 4
  %v0_0 = insertelement <8 x float> poison, float %a0_0, i64 0
  %v0_1 = insertelement <8 x float> %v0_0, float %a0_1, i64 1
  %v0_2 = insertelement <8 x float> %v0_1, float %a0_2, i64 2
  %v0_3 = insertelement <8 x float> %v0_2, float %a0_3, i64 3
  %v0_4 = insertelement <8 x float> %v0_3, float %a0_4, i64 4
  %v0_5 = insertelement <8 x float> %v0_4, float %a0_5, i64 5
  %v0_6 = insertelement <8 x float> %v0_5, float %a0_6, i64 6
  %v0 = insertelement <8 x float> %v0_6, float %a0_7, i64 7
  %q1_0 = getelementptr inbounds i8, ptr %p0, i64 4
  %a1_0 = load float, ptr %q1_0, align 4
  %q1_1 = getelementptr inbounds i8, ptr %p1, i64 4
  %a1_1 = load float, ptr %q1_1, align 4
  %q1_2 = getelementptr inbounds i8, ptr %p2, i64 4
  %a1_2 = load float, ptr %q1_2, align 4
  %q1_3 = getelementptr inbounds i8, ptr %p3, i64 4
  %a1_3 = load float, ptr %q1_3, align 4
  %q1_4 = getelementptr inbounds i8, ptr %p4, i64 4
  %a1_4 = load float, ptr %q1_4, align 4
  %q1_5 = getelementptr inbounds i8, ptr %p5, i64 4
  %a1_5 = load float, ptr %q1_5, align 4
  %q1_6 = getelementptr inbounds i8, ptr %p6, i64 4
  %a1_6 = load float, ptr %q1_6, align 4
  %q1_7 = getelementptr inbounds i8, ptr %p7, i64 4
  %a1_7 = load float, ptr %q1_7, align 4
  %v1_0 = insertelement <8 x float> poison, float %a1_0, i64 0
  %v1_1 = insertelement <8 x float> %v1_0, float %a1_1, i64 1
  %v1_2 = insertelement <8 x float> %v1_1, float %a1_2, i64 2
  %v1_3 = insertelement <8 x float> %v1_2, float %a1_3, i64 3
  %v1_4 = insertelement <8 x float> %v1_3, float %a1_4, i64 4
  %v1_5 = insertelement <8 x float> %v1_4, float %a1_5, i64 5
  %v1_6 = insertelement <8 x float> %v1_5, float %a1_6, i64 6
  %v1 = insertelement <8 x float> %v1_6, float %a1_7, i64 7
  %q2_0 = getelementptr inbounds i8, ptr %p0, i64 8
  %a2_0 = load float, ptr %q2_0, align 4
  %q2_1 = getelementptr inbounds i8, ptr %p1, i64 8
  %a2_1 = load float, ptr %q2_1, align 4
  %q2_2 = getelementptr inbounds i8, ptr %p2, i64 8
  %a2_2 = load float, ptr %q2_2, align 4
  %q2_3 = getelementptr inbounds i8, ptr %p3, i64 8
  %a2_3 = load float, ptr %q2_3, align 4
  %q2_4 = getelementptr inbounds i8, ptr %p4, i64 8
  %a2_4 = load float, ptr %q2_4, align 4
  %q2_5 = getelementptr inbounds i8, ptr %p5, i64 8
  %a2_5 = load float, ptr %q2_5, align 4
  %q2_6 = getelementptr inbounds i8, ptr %p6, i64 8
  %a2_6 = load float, ptr %q2_6, align 4
  %q2_7 = getelementptr inbounds i8, ptr %p7, i64 8
  %a2_7 = load float, ptr %q2_7, align 4
  %v2_0 = insertelement <8 x float> poison, float %a2_0, i64 0
  %v2_1 = insertelement <8 x float> %v2_0, float %a2_1, i64 1
  %v2_2 = insertelement <8 x float> %v2_1, float %a2_2, i64 2
  %v2_3 = insertelement <8 x float> %v2_2, float %a2_3, i64 3
  %v2_4 = insertelement <8 x float> %v2_3, float %a2_4, i64 4
  %v2_5 = insertelement <8 x float> %v2_4, float %a2_5, i64 5
  %v2_6 = insertelement <8 x float> %v2_5, float %a2_6, i64 6
  %v2 = insertelement <8 x float> %v2_6, float %a2_7, i64 7
  %s1 = fadd <8 x float> %v0, %v1
  %s2 = fadd <8 x float> %s1, %v2
  ret <8 x float> %s2
}

define <8 x float> @rec4_f32(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3, i64 %j4, i64 %j5, i64 %j6, i64 %j7) {
  %p0 = getelementptr inbounds [4 x float], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [4 x float], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [4 x float], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [4 x float], ptr %r, i64 %j3
  %p4 = getelementptr inbounds [4 x float], ptr %r, i64 %j4
  %p5 = getelementptr inbounds [4 x float], ptr %r, i64 %j5
  %p6 = getelementptr inbounds [4 x float], ptr %r, i64 %j6
  %p7 = getelementptr inbounds [4 x float], ptr %r, i64 %j7
  %a0_0 = load float, ptr %p0, align 4
  %a0_1 = load float, ptr %p1, align 4
  %a0_2 = load float, ptr %p2, align 4
  %a0_3 = load float, ptr %p3, align 4
  %a0_4 = load float, ptr %p4, align 4
  %a0_5 = load float, ptr %p5, align 4
  %a0_6 = load float, ptr %p6, align 4
  %a0_7 = load float, ptr %p7, align 4
  %v0_0 = insertelement <8 x float> poison, float %a0_0, i64 0
  %v0_1 = insertelement <8 x float> %v0_0, float %a0_1, i64 1
  %v0_2 = insertelement <8 x float> %v0_1, float %a0_2, i64 2
  %v0_3 = insertelement <8 x float> %v0_2, float %a0_3, i64 3
  %v0_4 = insertelement <8 x float> %v0_3, float %a0_4, i64 4
  %v0_5 = insertelement <8 x float> %v0_4, float %a0_5, i64 5
  %v0_6 = insertelement <8 x float> %v0_5, float %a0_6, i64 6
  %v0 = insertelement <8 x float> %v0_6, float %a0_7, i64 7
  %q1_0 = getelementptr inbounds i8, ptr %p0, i64 4
  %a1_0 = load float, ptr %q1_0, align 4
  %q1_1 = getelementptr inbounds i8, ptr %p1, i64 4
  %a1_1 = load float, ptr %q1_1, align 4
  %q1_2 = getelementptr inbounds i8, ptr %p2, i64 4
  %a1_2 = load float, ptr %q1_2, align 4
  %q1_3 = getelementptr inbounds i8, ptr %p3, i64 4
  %a1_3 = load float, ptr %q1_3, align 4
  %q1_4 = getelementptr inbounds i8, ptr %p4, i64 4
  %a1_4 = load float, ptr %q1_4, align 4
  %q1_5 = getelementptr inbounds i8, ptr %p5, i64 4
  %a1_5 = load float, ptr %q1_5, align 4
  %q1_6 = getelementptr inbounds i8, ptr %p6, i64 4
  %a1_6 = load float, ptr %q1_6, align 4
  %q1_7 = getelementptr inbounds i8, ptr %p7, i64 4
  %a1_7 = load float, ptr %q1_7, align 4
  %v1_0 = insertelement <8 x float> poison, float %a1_0, i64 0
  %v1_1 = insertelement <8 x float> %v1_0, float %a1_1, i64 1
  %v1_2 = insertelement <8 x float> %v1_1, float %a1_2, i64 2
  %v1_3 = insertelement <8 x float> %v1_2, float %a1_3, i64 3
  %v1_4 = insertelement <8 x float> %v1_3, float %a1_4, i64 4
  %v1_5 = insertelement <8 x float> %v1_4, float %a1_5, i64 5
  %v1_6 = insertelement <8 x float> %v1_5, float %a1_6, i64 6
  %v1 = insertelement <8 x float> %v1_6, float %a1_7, i64 7
  %q2_0 = getelementptr inbounds i8, ptr %p0, i64 8
  %a2_0 = load float, ptr %q2_0, align 4
  %q2_1 = getelementptr inbounds i8, ptr %p1, i64 8
  %a2_1 = load float, ptr %q2_1, align 4
  %q2_2 = getelementptr inbounds i8, ptr %p2, i64 8
  %a2_2 = load float, ptr %q2_2, align 4
  %q2_3 = getelementptr inbounds i8, ptr %p3, i64 8
  %a2_3 = load float, ptr %q2_3, align 4
  %q2_4 = getelementptr inbounds i8, ptr %p4, i64 8
  %a2_4 = load float, ptr %q2_4, align 4
  %q2_5 = getelementptr inbounds i8, ptr %p5, i64 8
  %a2_5 = load float, ptr %q2_5, align 4
  %q2_6 = getelementptr inbounds i8, ptr %p6, i64 8
  %a2_6 = load float, ptr %q2_6, align 4
  %q2_7 = getelementptr inbounds i8, ptr %p7, i64 8
  %a2_7 = load float, ptr %q2_7, align 4
  %v2_0 = insertelement <8 x float> poison, float %a2_0, i64 0
  %v2_1 = insertelement <8 x float> %v2_0, float %a2_1, i64 1
  %v2_2 = insertelement <8 x float> %v2_1, float %a2_2, i64 2
  %v2_3 = insertelement <8 x float> %v2_2, float %a2_3, i64 3
  %v2_4 = insertelement <8 x float> %v2_3, float %a2_4, i64 4
  %v2_5 = insertelement <8 x float> %v2_4, float %a2_5, i64 5
  %v2_6 = insertelement <8 x float> %v2_5, float %a2_6, i64 6
  %v2 = insertelement <8 x float> %v2_6, float %a2_7, i64 7
  %q3_0 = getelementptr inbounds i8, ptr %p0, i64 12
  %a3_0 = load float, ptr %q3_0, align 4
  %q3_1 = getelementptr inbounds i8, ptr %p1, i64 12
  %a3_1 = load float, ptr %q3_1, align 4
  %q3_2 = getelementptr inbounds i8, ptr %p2, i64 12
  %a3_2 = load float, ptr %q3_2, align 4
  %q3_3 = getelementptr inbounds i8, ptr %p3, i64 12
  %a3_3 = load float, ptr %q3_3, align 4
  %q3_4 = getelementptr inbounds i8, ptr %p4, i64 12
  %a3_4 = load float, ptr %q3_4, align 4
  %q3_5 = getelementptr inbounds i8, ptr %p5, i64 12
  %a3_5 = load float, ptr %q3_5, align 4
  %q3_6 = getelementptr inbounds i8, ptr %p6, i64 12
  %a3_6 = load float, ptr %q3_6, align 4
  %q3_7 = getelementptr inbounds i8, ptr %p7, i64 12
  %a3_7 = load float, ptr %q3_7, align 4
  %v3_0 = insertelement <8 x float> poison, float %a3_0, i64 0
  %v3_1 = insertelement <8 x float> %v3_0, float %a3_1, i64 1
  %v3_2 = insertelement <8 x float> %v3_1, float %a3_2, i64 2
  %v3_3 = insertelement <8 x float> %v3_2, float %a3_3, i64 3
  %v3_4 = insertelement <8 x float> %v3_3, float %a3_4, i64 4
  %v3_5 = insertelement <8 x float> %v3_4, float %a3_5, i64 5
  %v3_6 = insertelement <8 x float> %v3_5, float %a3_6, i64 6
  %v3 = insertelement <8 x float> %v3_6, float %a3_7, i64 7
  %s1 = fadd <8 x float> %v0, %v1
  %s2 = fadd <8 x float> %s1, %v2
  %s3 = fadd <8 x float> %s2, %v3
  ret <8 x float> %s3
}

; A pair of floats in 128-bit vectors needs no lane-crossing shuffle: its
; price does not change with the weight (llvm-mca-19 -mcpu=znver4: 2.0
; cycles for the rewritten body, 4.0 for the scalarized gathers).
; CHECK-LABEL: @pair_f32_xmm(
; CHECK-COUNT-4: load <2 x float>
; REMARK: replaced 2 scalarized gathers of <4 x float> by 4 loads of <2 x float> and 4 shuffles (cost 12 instead of 14)
; TTI: replaced 2 scalarized gathers of <4 x float> by 4 loads of <2 x float> and 4 shuffles (cost 12 instead of 14)
define <4 x float> @pair_f32_xmm(ptr %x, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %p0 = getelementptr inbounds float, ptr %x, i64 %j0
  %p1 = getelementptr inbounds float, ptr %x, i64 %j1
  %p2 = getelementptr inbounds float, ptr %x, i64 %j2
  %p3 = getelementptr inbounds float, ptr %x, i64 %j3
  %q0 = getelementptr inbounds i8, ptr %p0, i64 4
  %q1 = getelementptr inbounds i8, ptr %p1, i64 4
  %q2 = getelementptr inbounds i8, ptr %p2, i64 4
  %q3 = getelementptr inbounds i8, ptr %p3, i64 4
  %a0 = load float, ptr %p0, align 4
  %a1 = load float, ptr %p1, align 4
  %a2 = load float, ptr %p2, align 4
  %a3 = load float, ptr %p3, align 4
  %b0 = load float, ptr %q0, align 4
  %b1 = load float, ptr %q1, align 4
  %b2 = load float, ptr %q2, align 4
  %b3 = load float, ptr %q3, align 4
  %va0 = insertelement <4 x float> poison, float %a0, i64 0
  %va1 = insertelement <4 x float> %va0, float %a1, i64 1
  %va2 = insertelement <4 x float> %va1, float %a2, i64 2
  %va = insertelement <4 x float> %va2, float %a3, i64 3
  %vb0 = insertelement <4 x float> poison, float %b0, i64 0
  %vb1 = insertelement <4 x float> %vb0, float %b1, i64 1
  %vb2 = insertelement <4 x float> %vb1, float %b2, i64 2
  %vb = insertelement <4 x float> %vb2, float %b3, i64 3
  %r = fadd <4 x float> %va, %vb
  ret <4 x float> %r
}
